import { randomBytes } from 'node:crypto';
import type { LogoVariant } from '#contracts/brand-kits.ts';
import type { BrandFontFormat } from './font-file.ts';
import type { BrandKitRow } from './repo.ts';

// Where brand files are stored: private files under `brand-kits/{workspaceId}/`, reached only through
// signed URLs (access/media-files.ts refuses them unsigned).

export const BRAND_FILES_PREFIX = 'brand-kits/';

/** A new key for each upload: a replaced logo's old URL never shows the new file from a cache. */
export function logoKey(workspaceId: string, kitId: string, variant: LogoVariant): string {
  return `${BRAND_FILES_PREFIX}${workspaceId}/logos/${kitId}-${variant}-${randomBytes(6).toString('hex')}.png`;
}

export function fontKey(workspaceId: string, fontId: string, format: BrandFontFormat): string {
  return `${BRAND_FILES_PREFIX}${workspaceId}/fonts/${fontId}.${format}`;
}

export function logoKeysOf(kit: Pick<BrandKitRow, 'lightLogoKey' | 'darkLogoKey'>): string[] {
  return [kit.lightLogoKey, kit.darkLogoKey].filter((k): k is string => k !== null);
}
