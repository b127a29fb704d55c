/** Colour arithmetic in sRGB (0–255) with HSL helpers for generating palettes. */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const clamp255 = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
const clamp01 = (v: number) => Math.max(0, Math.min(1, v));

function rgb(r: number, g: number, b: number): Rgb {
  return { r: clamp255(r), g: clamp255(g), b: clamp255(b) };
}

export function fromHex(code: string): Rgb {
  const n = Number.parseInt(code.replace('#', ''), 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

export function hex(c: Rgb): string {
  return `#${((1 << 24) | (clamp255(c.r) << 16) | (clamp255(c.g) << 8) | clamp255(c.b)).toString(16).slice(1)}`;
}

/** h in degrees, s and l in [0, 1]. */
export function hsl(h: number, s: number, l: number): Rgb {
  const hue = (((h % 360) + 360) % 360) / 360;
  const sat = clamp01(s);
  const lig = clamp01(l);
  if (sat === 0) return rgb(lig * 255, lig * 255, lig * 255);
  const q = lig < 0.5 ? lig * (1 + sat) : lig + sat - lig * sat;
  const p = 2 * lig - q;
  const channel = (t0: number) => {
    const t = t0 < 0 ? t0 + 1 : t0 > 1 ? t0 - 1 : t0;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return rgb(channel(hue + 1 / 3) * 255, channel(hue) * 255, channel(hue - 1 / 3) * 255);
}

export function toHsl(c: Rgb): { h: number; s: number; l: number } {
  const r = c.r / 255;
  const g = c.g / 255;
  const b = c.b / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { h: h * 60, s, l };
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return rgb(a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t);
}

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
const BLACK: Rgb = { r: 0, g: 0, b: 0 };
export const lighten = (c: Rgb, t: number) => mix(c, WHITE, t);
export const darken = (c: Rgb, t: number) => mix(c, BLACK, t);

/** Multiplies saturation (factor > 1 makes it more vivid) and shifts lightness by `dl`. */
export function adjust(c: Rgb, factor: number, dl = 0): Rgb {
  const { h, s, l } = toHsl(c);
  return hsl(h, s * factor, l + dl);
}

export function shiftHue(c: Rgb, degrees: number): Rgb {
  const { h, s, l } = toHsl(c);
  return hsl(h + degrees, s, l);
}

/** Relative luminance in [0, 1] (sRGB weights, no gamma; enough to pick light or dark). */
export function luminance(c: Rgb): number {
  return (0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b) / 255;
}
