/**
 * The open-licence fonts Klipt ships for brand kits and ads (docs/providers.md#fonts): each comes from
 * an npm package of Google Fonts' files, so rendering never depends on the machine's fonts.
 * Noto Sans Arabic and Noto Sans JP are not offered on their own: they are the fallbacks the renderer
 * uses for Arabic and Japanese text a brand font has no glyphs for.
 */
export const catalogFontIds = [
  'inter',
  'roboto',
  'open-sans',
  'montserrat',
  'poppins',
  'lato',
  'oswald',
  'bebas-neue',
  'playfair-display',
  'merriweather',
  'lora',
  'dm-serif-display',
] as const;
export type CatalogFontId = (typeof catalogFontIds)[number];

export type FontCategory = 'sans-serif' | 'serif' | 'display';

export interface CatalogFont {
  id: CatalogFontId;
  family: string;
  category: FontCategory;
  /** SPDX id of the font files' licence. */
  licence: 'OFL-1.1';
}

const font = (id: CatalogFontId, family: string, category: FontCategory): CatalogFont => ({ id, family, category, licence: 'OFL-1.1' });

export const catalogFonts: readonly CatalogFont[] = [
  font('inter', 'Inter', 'sans-serif'),
  font('roboto', 'Roboto', 'sans-serif'),
  font('open-sans', 'Open Sans', 'sans-serif'),
  font('montserrat', 'Montserrat', 'sans-serif'),
  font('poppins', 'Poppins', 'sans-serif'),
  font('lato', 'Lato', 'sans-serif'),
  font('oswald', 'Oswald', 'display'),
  font('bebas-neue', 'Bebas Neue', 'display'),
  font('playfair-display', 'Playfair Display', 'serif'),
  font('merriweather', 'Merriweather', 'serif'),
  font('lora', 'Lora', 'serif'),
  font('dm-serif-display', 'DM Serif Display', 'serif'),
];

export function catalogFont(id: CatalogFontId): CatalogFont {
  return catalogFonts.find((f) => f.id === id)!;
}

/** A kit's default heading and body fonts. */
export const DEFAULT_HEADING_FONT: CatalogFontId = 'montserrat';
export const DEFAULT_BODY_FONT: CatalogFontId = 'inter';
