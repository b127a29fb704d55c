import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import { brandKitMessages } from '#contracts/brand-kits.ts';
import type { CatalogFontId } from '#contracts/brand-fonts.ts';
import { AppError } from '#server/lib/app-error.ts';

/** A font for one text of an ad: a catalogue font by id, or an uploaded font's file (TTF, OTF or WOFF2). */
export type AdFontSource = { catalog: CatalogFontId } | { data: Uint8Array; cacheKey?: string };

/** Headings are drawn bold, the rest regular; `italic` asks for the font's italic (quotes). */
export interface FontStyle {
  weight: 'bold' | 'regular';
  italic: boolean;
}

/** A parsed font as used for one text; `slant` is a synthetic slant (tan of the angle), when an italic was asked for and the font has none. */
export interface Face {
  key: string;
  font: fontkit.Font;
  slant: number;
}

/**
 * The faces tried in turn for each character: the brand's font, then Noto Sans Arabic, then Noto
 * Sans JP (in the same weight), so Arabic and Japanese text draws even with a Latin brand font.
 */
export type FaceStack = readonly Face[];

const SYNTHETIC_SLANT = Math.tan((10 * Math.PI) / 180);

const WEIGHT_FOLDERS = { bold: ['700Bold', '600SemiBold', '400Regular'], regular: ['400Regular'] } as const;

const requireFrom = createRequire(import.meta.url);

/** Parsed fonts by key (catalogue file path, or the uploaded file's key): a render never parses a file twice. */
const parsed = new Map<string, fontkit.Font>();
/** Uploaded fonts kept parsed at most (the oldest goes first); catalogue files are few and always kept. */
const MAX_UPLOADED_PARSED = 24;
const uploadedKeys: string[] = [];

function packageFolder(id: string): string {
  return path.dirname(requireFrom.resolve(`@expo-google-fonts/${id}/package.json`));
}

/** The TTF of a catalogue family (or a fallback family) in the nearest weight it ships, italic when asked and shipped. */
function catalogFile(packageId: string, style: FontStyle): { file: string; italic: boolean } {
  const root = packageFolder(packageId);
  const folders = new Set(readdirSync(root));
  for (const weight of WEIGHT_FOLDERS[style.weight]) {
    for (const [folder, italic] of style.italic
      ? ([
          [`${weight}_Italic`, true],
          [weight, false],
        ] as const)
      : ([[weight, false]] as const)) {
      if (!folders.has(folder)) continue;
      const ttf = readdirSync(path.join(root, folder)).find((f) => f.endsWith('.ttf'));
      if (ttf) return { file: path.join(root, folder, ttf), italic };
    }
  }
  throw new Error(`no ${style.weight} TTF in @expo-google-fonts/${packageId}`);
}

const catalogFiles = new Map<string, { file: string; italic: boolean }>();

function catalogFace(packageId: string, style: FontStyle): Face {
  const styleKey = `${packageId}/${style.weight}/${style.italic}`;
  let entry = catalogFiles.get(styleKey);
  if (!entry) {
    entry = catalogFile(packageId, style);
    catalogFiles.set(styleKey, entry);
  }
  let font = parsed.get(entry.file);
  if (!font) {
    font = parseFont(readFileSync(entry.file));
    parsed.set(entry.file, font);
  }
  return { key: entry.file, font, slant: style.italic && !entry.italic ? SYNTHETIC_SLANT : 0 };
}

function uploadedFace(data: Uint8Array, cacheKey: string | undefined, style: FontStyle): Face {
  const key = `upload:${cacheKey ?? createHash('sha256').update(data).digest('hex')}`;
  let font = parsed.get(key);
  if (!font) {
    font = parseFont(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    parsed.set(key, font);
    uploadedKeys.push(key);
    if (uploadedKeys.length > MAX_UPLOADED_PARSED) parsed.delete(uploadedKeys.shift()!);
  }
  // An uploaded font is one file: bold and italic are what it is, a quote gets a synthetic slant.
  return { key, font, slant: style.italic ? SYNTHETIC_SLANT : 0 };
}

/** fontkit reads TTF, OTF, WOFF and WOFF2 (and collections: their first font); anything else is the uploader's file. */
function parseFont(data: Buffer): fontkit.Font {
  let created: fontkit.Font | fontkit.FontCollection;
  try {
    created = fontkit.create(data);
  } catch {
    throw new AppError('VALIDATION_FAILED', brandKitMessages.fontUnreadable);
  }
  const font = 'fonts' in created ? created.fonts[0] : created;
  if (!font || !font.unitsPerEm) throw new AppError('VALIDATION_FAILED', brandKitMessages.fontUnreadable);
  return font;
}

export function faceStack(source: AdFontSource, style: FontStyle): FaceStack {
  const brand = 'catalog' in source ? catalogFace(source.catalog, style) : uploadedFace(source.data, source.cacheKey, style);
  const fallbackStyle = { weight: style.weight, italic: false };
  const fallbacks = [catalogFace('noto-sans-arabic', fallbackStyle), catalogFace('noto-sans-jp', fallbackStyle)].map((f) => ({
    ...f,
    slant: style.italic ? SYNTHETIC_SLANT : 0,
  }));
  return [brand, ...fallbacks];
}
