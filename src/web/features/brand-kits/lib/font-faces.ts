import { useEffect } from 'react';
import type { BrandFont, FontChoice } from '#contracts/brand-kits.ts';
import { catalogFont, catalogFonts } from '#contracts/brand-fonts.ts';
import { catalogFontFiles } from './catalog-font-files.ts';

/**
 * The CSS family a kit font is registered under in this page. Names of their own (not "Inter") so a
 * font installed on the machine never stands in for the file the server renders with.
 */
export function fontFamilyOf(choice: FontChoice): string {
  return choice.kind === 'catalog' ? `klipt-kit-${choice.id}` : `klipt-upload-${choice.id}`;
}

const FALLBACK = {
  'sans-serif': 'ui-sans-serif, system-ui, sans-serif',
  serif: 'ui-serif, Georgia, serif',
  display: 'ui-sans-serif, system-ui, sans-serif',
} as const;

/** A `font-family` value for a kit font, with a fallback of its kind while it loads. */
export function fontStackOf(choice: FontChoice): string {
  const fallback = choice.kind === 'catalog' ? FALLBACK[catalogFont(choice.id).category] : FALLBACK['sans-serif'];
  return `"${fontFamilyOf(choice)}", ${fallback}`;
}

/** The name to show for a kit font: the catalogue's, the uploaded file's family, or null when the font is gone. */
export function fontNameOf(choice: FontChoice, uploaded: readonly BrandFont[]): string | null {
  if (choice.kind === 'catalog') return catalogFont(choice.id).family;
  return uploaded.find((f) => f.id === choice.id)?.family ?? null;
}

const started = new Map<string, Promise<void>>();

/** The FontFace API where the browser has it (jsdom and very old browsers do not: the fallback shows). */
function fontApi(): FontFaceSet | null {
  return typeof FontFace === 'undefined' || typeof document === 'undefined' || !('fonts' in document) ? null : document.fonts;
}

function addFace(family: string, url: string, weight: string): Promise<void> {
  const key = `${family}|${weight}|${url}`;
  const known = started.get(key);
  if (known) return known;
  const fonts = fontApi();
  if (!fonts) return Promise.resolve();
  const face = new FontFace(family, `url("${url.replace(/"/g, '%22')}")`, { weight, display: 'swap' });
  const loading = face.load().then(
    (loaded) => void fonts.add(loaded),
    // A file that will not load leaves the fallback in place; the next visit tries again.
    () => {
      started.delete(key);
    },
  );
  started.set(key, loading);
  return loading;
}

/**
 * Registers a kit font (bold too where a catalogue family has it, unless `regularOnly`); resolves
 * when it can be drawn.
 */
export function loadKitFont(choice: FontChoice, uploaded: readonly BrandFont[], regularOnly = false): Promise<void> {
  const family = fontFamilyOf(choice);
  if (choice.kind === 'uploaded') {
    const font = uploaded.find((f) => f.id === choice.id);
    return font ? addFace(family, font.url, '100 900') : Promise.resolve();
  }
  const files = catalogFontFiles[choice.id];
  return Promise.all([
    addFace(family, files.regular, files.bold ? '400' : '100 900'),
    files.bold && !regularOnly ? addFace(family, files.bold, '700') : Promise.resolve(),
  ]).then(() => undefined);
}

/**
 * Every font a picker offers, for its options' previews (fetched once a picker opens): the regular
 * weight only, which is what an option is drawn in (about 2.6 MB for the twelve, once per visit).
 */
export function loadAllFonts(uploaded: readonly BrandFont[]): void {
  for (const font of catalogFonts) void loadKitFont({ kind: 'catalog', id: font.id }, uploaded, true);
  for (const font of uploaded) void loadKitFont({ kind: 'uploaded', id: font.id }, uploaded);
}

/**
 * Loads the given kit fonts. Nothing re-renders: once a face is added to document.fonts the browser
 * redraws the text set in its family. Each file is fetched once per page visit (loadKitFont remembers).
 */
export function useKitFonts(choices: readonly FontChoice[], uploaded: readonly BrandFont[]): void {
  useEffect(() => {
    for (const choice of choices) void loadKitFont(choice, uploaded);
  }, [choices, uploaded]);
}
