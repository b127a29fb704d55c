import type { BrandFont, BrandKit, BrandLogo } from '#contracts/brand-kits.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import type { BrandFontRow } from './font-repo.ts';
import type { BrandKitRow } from './repo.ts';

// Kits and fonts as the contracts show them: their files are private, so every URL is a short-lived
// signed one, handed only to the members the service let through.

async function logo(storage: Storage, key: string | null, width: number | null, height: number | null): Promise<BrandLogo | null> {
  if (!key || !width || !height) return null;
  return { url: await storage.signedUrl(key), width, height };
}

export async function toBrandKit(storage: Storage, row: BrandKitRow): Promise<BrandKit> {
  const [light, dark] = await Promise.all([
    logo(storage, row.lightLogoKey, row.lightLogoWidth, row.lightLogoHeight),
    logo(storage, row.darkLogoKey, row.darkLogoWidth, row.darkLogoHeight),
  ]);
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    name: row.name,
    isDefault: row.isDefault,
    colors: row.colors,
    headingFont: row.headingFont,
    bodyFont: row.bodyFont,
    voice: row.voice,
    avoidWords: row.avoidWords,
    logos: { light, dark },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function toBrandFont(storage: Storage, row: BrandFontRow): Promise<BrandFont> {
  return {
    id: row.id,
    family: row.family,
    fileName: row.fileName,
    format: row.format,
    url: await storage.signedUrl(row.storageKey),
    createdAt: row.createdAt.toISOString(),
  };
}
