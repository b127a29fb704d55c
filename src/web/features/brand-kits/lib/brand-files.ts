import {
  BRAND_FONT_ACCEPT,
  BRAND_FONT_MAX_BYTES,
  BRAND_LOGO_ACCEPT,
  BRAND_LOGO_MAX_BYTES,
  brandKitMessages,
} from '#contracts/brand-kits.ts';

type Accept = Readonly<Record<string, readonly string[]>>;

/** The `accept` attribute of a file input: the types and the extensions (fonts often come without a type). */
export function acceptAttribute(accept: Accept): string {
  return [...Object.keys(accept), ...Object.values(accept).flat()].join(',');
}

function isAccepted(file: File, accept: Accept): boolean {
  if (file.type && Object.hasOwn(accept, file.type)) return true;
  const name = file.name.toLowerCase();
  return Object.values(accept).some((extensions) => extensions.some((ext) => name.endsWith(ext)));
}

/** Why a chosen file cannot be a logo, checked before uploading (the server reads the bytes again). */
export function logoFileProblem(file: File): string | null {
  if (!isAccepted(file, BRAND_LOGO_ACCEPT)) return brandKitMessages.logoType;
  if (file.size > BRAND_LOGO_MAX_BYTES) return brandKitMessages.logoTooLarge;
  return null;
}

/** Why a chosen file cannot be a brand font, checked before uploading (the server parses it). */
export function fontFileProblem(file: File): string | null {
  if (!isAccepted(file, BRAND_FONT_ACCEPT)) return brandKitMessages.fontType;
  if (file.size > BRAND_FONT_MAX_BYTES) return brandKitMessages.fontTooLarge;
  return null;
}

export const LOGO_ACCEPT = acceptAttribute(BRAND_LOGO_ACCEPT);
export const FONT_ACCEPT = acceptAttribute(BRAND_FONT_ACCEPT);
