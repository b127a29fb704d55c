import { BRAND_FONT_MAX_BYTES, brandKitMessages } from '#contracts/brand-kits.ts';
import { AppError } from '../../lib/app-error.ts';

export type BrandFontFormat = 'ttf' | 'otf' | 'woff2';

/** What an accepted font file is: its format (by its first bytes) and the family name it declares. */
export interface FontFileInfo {
  format: BrandFontFormat;
  family: string;
}

/** The content type a stored font is served with. */
export const fontContentType: Record<BrandFontFormat, string> = { ttf: 'font/ttf', otf: 'font/otf', woff2: 'font/woff2' };

/**
 * The format a file's first four bytes name: TrueType outlines (0x00010000, or Apple's 'true'),
 * CFF outlines ('OTTO') or WOFF2 ('wOF2'). WOFF 1 ('wOFF'), collections ('ttcf') and anything else
 * are not accepted.
 */
export function fontFormatOf(data: Buffer): BrandFontFormat | null {
  if (data.length < 4) return null;
  const tag = data.subarray(0, 4);
  if (tag.readUInt32BE(0) === 0x00010000 || tag.toString('latin1') === 'true') return 'ttf';
  if (tag.toString('latin1') === 'OTTO') return 'otf';
  if (tag.toString('latin1') === 'wOF2') return 'woff2';
  return null;
}

/** Basic Latin letters and digits: a brand font must draw all of them. */
const REQUIRED_CODE_POINTS = [
  ...Array.from({ length: 26 }, (_, i) => 0x41 + i),
  ...Array.from({ length: 26 }, (_, i) => 0x61 + i),
  ...Array.from({ length: 10 }, (_, i) => 0x30 + i),
];

/**
 * Checks an uploaded font (docs/product-rules.md#brand-kits): at most BRAND_FONT_MAX_BYTES (413),
 * TTF, OTF or WOFF2 by its first bytes (415), and a file fontkit parses, with a family name and an
 * outline for every basic Latin letter and digit (400). The name and the browser's content type are
 * not trusted. fontkit reads lazily and throws on damaged data, so the glyphs are drawn here, inside
 * the guard, not later in a render.
 */
export async function inspectFontFile(data: Buffer): Promise<FontFileInfo> {
  if (data.length > BRAND_FONT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', brandKitMessages.fontTooLarge);
  const format = fontFormatOf(data);
  if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', brandKitMessages.fontType);
  const family = (format === 'woff2' || tablesInside(data)) && (await readFamily(data));
  if (!family) throw new AppError('BAD_REQUEST', brandKitMessages.fontUnreadable);
  return { format, family };
}

/** An sfnt's table directory: every table it lists lies inside the file (a cut-off file does not pass). */
function tablesInside(data: Buffer): boolean {
  if (data.length < 12) return false;
  const count = data.readUInt16BE(4);
  if (count === 0 || data.length < 12 + count * 16) return false;
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    if (data.readUInt32BE(record + 8) + data.readUInt32BE(record + 12) > data.length) return false;
  }
  return true;
}

async function readFamily(data: Buffer): Promise<string | null> {
  // fontkit is loaded with the first font, not with the server (docs/operations.md#memory).
  const fontkit = await import('fontkit');
  try {
    const font = fontkit.create(data);
    if (!('familyName' in font)) return null;
    const family = (font.familyName ?? '').trim();
    if (!family) return null;
    for (const codePoint of REQUIRED_CODE_POINTS) {
      if (!font.hasGlyphForCodePoint(codePoint)) return null;
      const glyph = font.glyphForCodePoint(codePoint);
      // Drawing the outline reads the glyph's data: a truncated or corrupt table throws here.
      if (glyph.id === 0 || !Array.isArray(glyph.path.commands) || !Number.isFinite(glyph.advanceWidth)) return null;
    }
    return family.slice(0, 200);
  } catch {
    return null;
  }
}
