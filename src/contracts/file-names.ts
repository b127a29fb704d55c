/**
 * File names Klipt keeps or hands out (docs/product-rules.md#uploads): letters and digits of every
 * script (with their combining marks, which some scripts need), in Unicode's composed form (NFC),
 * so 'ünïcödé-Ⓢneaker-日本語.png' keeps its letters; anything else becomes a hyphen.
 */
const NAME_CHARACTER = String.raw`\p{L}\p{M}\p{N}`;

/** A download name users may ask for: starts with a letter or digit, then letters, digits and hyphens. */
export const DOWNLOAD_NAME_PATTERN = new RegExp(String.raw`^[\p{L}\p{N}][${NAME_CHARACTER}-]*$`, 'u');

const notKeptWithDot = new RegExp(String.raw`[^${NAME_CHARACTER}.-]+`, 'gu');
const notKept = new RegExp(String.raw`[^${NAME_CHARACTER}]+`, 'gu');

/** At most `max` characters (code points: a letter outside the BMP is never cut in half). */
function firstCharacters(text: string, max: number): string {
  return Array.from(text).slice(0, max).join('');
}

/**
 * An uploaded file's name as it is stored: letters, digits, dot and hyphen; every other run of
 * characters one hyphen; no leading or trailing dot or hyphen; at most 100 characters; null when
 * nothing is left.
 */
export function cleanFileName(name: string | undefined): string | null {
  const cleaned = firstCharacters(
    (name ?? '')
      .normalize('NFC')
      .replace(notKeptWithDot, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-.]+|[-.]+$/g, ''),
    100,
  ).replace(/[-.]+$/, '');
  return cleaned === '' ? null : cleaned;
}

/** A lower-case slug of letters and digits joined by hyphens, at most 60 characters ('Été 2025!' → 'été-2025'); `fallback` when empty. */
export function slugName(text: string, fallback: string): string {
  const slug = firstCharacters(
    text
      .toLowerCase()
      .normalize('NFC')
      .replace(notKept, '-')
      .replace(/^-+|-+$/g, ''),
    60,
  ).replace(/-+$/, '');
  return slug || fallback;
}
