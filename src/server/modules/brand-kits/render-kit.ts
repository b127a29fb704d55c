import type { BrandColor } from '#contracts/brand-kits.ts';
import { DEFAULT_BODY_FONT, DEFAULT_HEADING_FONT, type CatalogFontId } from '#contracts/brand-fonts.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { findFont } from './font-repo.ts';
import { findDefaultKit, findKit, type BrandKitRow } from './repo.ts';

/** A font as the ad renderer draws it: one Klipt ships (by id), or an uploaded file's bytes. */
export type RenderFont = { catalog: CatalogFontId } | { bytes: Buffer };

/** Everything of a kit an ad is drawn with; logos are PNG rasters (an SVG was rasterised at upload). */
export interface BrandKitForRender {
  id: string;
  name: string;
  colors: BrandColor[];
  headingFont: RenderFont;
  bodyFont: RenderFont;
  logos: { light?: Buffer; dark?: Buffer };
  voice: string | null;
  avoidWords: string[];
}

/**
 * The kit an ad is rendered with, for other modules (the "Make ad" route): `kitId` of the
 * workspace, or its default kit when null; null when there is no such kit. The caller has already
 * decided that the viewer may use the workspace's kits (access/rules.ts canUseBrandKits). An
 * uploaded font whose row or file is gone, or a missing logo file, leaves that part out: a catalogue
 * font (the catalogue's default heading or body font) instead of the font, no logo.
 */
export async function loadBrandKitForRender(
  deps: { db: DbOrTx; storage: Storage },
  workspaceId: string,
  kitId: string | null,
): Promise<BrandKitForRender | null> {
  const kit = kitId ? await findKit(deps.db, workspaceId, kitId) : await findDefaultKit(deps.db, workspaceId);
  if (!kit) return null;
  const [headingFont, bodyFont, light, dark] = await Promise.all([
    renderFont(deps, kit, kit.headingFont, DEFAULT_HEADING_FONT),
    renderFont(deps, kit, kit.bodyFont, DEFAULT_BODY_FONT),
    kit.lightLogoKey ? deps.storage.get(kit.lightLogoKey) : null,
    kit.darkLogoKey ? deps.storage.get(kit.darkLogoKey) : null,
  ]);
  return {
    id: kit.id,
    name: kit.name,
    colors: kit.colors,
    headingFont,
    bodyFont,
    logos: { ...(light ? { light } : {}), ...(dark ? { dark } : {}) },
    voice: kit.voice,
    avoidWords: kit.avoidWords,
  };
}

async function renderFont(
  deps: { db: DbOrTx; storage: Storage },
  kit: BrandKitRow,
  choice: BrandKitRow['headingFont'],
  fallback: CatalogFontId,
): Promise<RenderFont> {
  if (choice.kind === 'catalog') return { catalog: choice.id };
  const font = await findFont(deps.db, kit.workspaceId, choice.id);
  const bytes = font ? await deps.storage.get(font.storageKey) : null;
  return bytes ? { bytes } : { catalog: fallback };
}
