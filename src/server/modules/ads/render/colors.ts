/** An sRGB colour as 0..255 channels. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) throw new Error(`not a #RRGGBB colour: ${hex}`);
  return { r: parseInt(m[1]!, 16), g: parseInt(m[2]!, 16), b: parseInt(m[3]!, 16) };
}

export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** An sRGB channel (0..255) as linear light (0..1). */
export function linear(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function luminance({ r, g, b }: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two luminances, 1 to 21. */
export function contrastRatio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

export const WHITE = '#FFFFFF';
export const INK = '#1F2328';

/**
 * The colours an ad is painted in, from the brand kit's list (the kit's order is its ranking):
 * - surface: the first colour, for bars, bands, badges and cards;
 * - text: what is written on the surface. The rule: the kit colour (other than the first) with the
 *   highest WCAG contrast ratio against the surface, when that ratio is at least 4.5:1 (WCAG AA for
 *   text); otherwise white or near-black (#1F2328), whichever contrasts more with the surface;
 * - the CTA button swaps the two (text colour fill, surface colour label), so it contrasts as well.
 * Without colours: near-black surface, white text.
 */
export interface AdPalette {
  surface: string;
  text: string;
}

export const MIN_TEXT_CONTRAST = 4.5;

export function choosePalette(colors: readonly { hex: string }[]): AdPalette {
  const first = colors[0];
  if (!first) return { surface: INK, text: WHITE };
  const surface = parseHex(first.hex);
  const surfaceLum = luminance(surface);
  let best: { hex: string; ratio: number } | null = null;
  for (const c of colors.slice(1)) {
    const ratio = contrastRatio(surfaceLum, luminance(parseHex(c.hex)));
    if (!best || ratio > best.ratio) best = { hex: c.hex, ratio };
  }
  if (best && best.ratio >= MIN_TEXT_CONTRAST) return { surface: toHex(surface), text: toHex(parseHex(best.hex)) };
  const onWhite = contrastRatio(surfaceLum, 1);
  const onInk = contrastRatio(surfaceLum, luminance(parseHex(INK)));
  return { surface: toHex(surface), text: onWhite >= onInk ? WHITE : INK };
}
