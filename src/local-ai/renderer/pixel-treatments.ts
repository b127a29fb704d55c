/** Whole-picture treatments on raw RGB pixels; the trained-model styles are built from these. */
import type { Rgb } from './colour.ts';
import { mulberry32 } from './prng.ts';
import type { RawImage } from './raster.ts';

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);
const lum = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
/** A little more contrast, tinted towards `cast`. */
const vhsCurve = (v: number, cast: number) => (128 + (v - 128) * 1.15) * 0.85 + cast * 0.15;

/** The 5th and 95th percentile of brightness (0–1): treatments stretch to it so pale scenes still print. */
function brightnessRange(image: RawImage): { low: number; span: number } {
  const { data, channels } = image;
  const hist = new Uint32Array(256);
  const pixels = data.length / channels;
  for (let p = 0; p < pixels; p += 7) {
    const v = Math.round(lum(data[p * channels] ?? 0, data[p * channels + 1] ?? 0, data[p * channels + 2] ?? 0));
    hist[v] = (hist[v] ?? 0) + 1;
  }
  const total = Math.ceil(pixels / 7);
  let seen = 0;
  let low = 0;
  let high = 255;
  for (let v = 0; v < 256; v++) {
    const before = seen;
    seen += hist[v] ?? 0;
    if (before < total * 0.05 && seen >= total * 0.05) low = v;
    if (before < total * 0.95 && seen >= total * 0.95) high = v;
  }
  return { low: low / 255, span: Math.max(0.15, (high - low) / 255) };
}

function forEachPixel(image: RawImage, f: (r: number, g: number, b: number, x: number, y: number, out: Float64Array) => void): void {
  const { data, width, height, channels } = image;
  const out = new Float64Array(3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      f(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0, x, y, out);
      data[i] = clamp(Math.round(out[0] ?? 0));
      data[i + 1] = clamp(Math.round(out[1] ?? 0));
      data[i + 2] = clamp(Math.round(out[2] ?? 0));
    }
  }
}

/** Maps brightness onto a two-colour ramp (shadows → `dark`, highlights → `light`). */
export function duotone(image: RawImage, dark: Rgb, light: Rgb, amount: number): void {
  forEachPixel(image, (r, g, b, _x, _y, out) => {
    const t = lum(r, g, b) / 255;
    const s = t * t * (3 - 2 * t);
    out[0] = r + (dark.r + (light.r - dark.r) * s - r) * amount;
    out[1] = g + (dark.g + (light.g - dark.g) * s - g) * amount;
    out[2] = b + (dark.b + (light.b - dark.b) * s - b) * amount;
  });
}

/**
 * Screen print: brightness falls into a few flat bands, each printed in one ink of a ramp from
 * `dark` through `mid` to `light`. Band edges are softened over a narrow range so gradients turn
 * into clean steps instead of ragged ones.
 */
export function posterize(image: RawImage, dark: Rgb, mid: Rgb, light: Rgb, levels: number, amount: number): void {
  const inks: Rgb[] = [];
  for (let k = 0; k < levels; k++) {
    const t = k / (levels - 1);
    const a = t < 0.5 ? dark : mid;
    const b = t < 0.5 ? mid : light;
    const u = t < 0.5 ? t * 2 : (t - 0.5) * 2;
    inks.push({ r: a.r + (b.r - a.r) * u, g: a.g + (b.g - a.g) * u, b: a.b + (b.b - a.b) * u });
  }
  const range = brightnessRange(image);
  forEachPixel(image, (r, g, b, _x, _y, out) => {
    const t = Math.max(0, Math.min(1, (lum(r, g, b) / 255 - range.low) / range.span));
    const x = t * (levels - 1);
    const base = Math.min(levels - 2, Math.floor(x));
    const f = x - base;
    const edge = f < 0.46 ? 0 : f > 0.54 ? 1 : (f - 0.46) / 0.08;
    const lo = inks[base] ?? dark;
    const hi = inks[base + 1] ?? light;
    const pick = (c: number, l: number, h: number) => {
      const ink = l + (h - l) * edge;
      // Keep a little of the original colour so products stay recognisable.
      return c + (ink * 0.82 + c * 0.18 - c) * amount;
    };
    out[0] = pick(r, lo.r, hi.r);
    out[1] = pick(g, lo.g, hi.g);
    out[2] = pick(b, lo.b, hi.b);
  });
}

/** Faded blacks, split toning (shadows towards `shadow`, highlights towards `highlight`) and fine grain. */
export function filmLook(image: RawImage, seed: number, shadow: Rgb, highlight: Rgb, amount: number): void {
  const random = mulberry32(seed);
  const lift = 30 * amount;
  const grain = 11 * amount;
  forEachPixel(image, (r, g, b, _x, _y, out) => {
    const noise = (random() + random() - 1) * grain;
    const t = lum(r, g, b) / 255;
    const tone = (v: number, sh: number, hi: number) => {
      const toned = v + ((sh - v) * (1 - t) * 0.3 + (hi - v) * t * 0.22) * amount;
      return lift + toned * (1 - lift / 255) * (1 - 0.1 * amount) + noise;
    };
    out[0] = tone(r, shadow.r, highlight.r);
    out[1] = tone(g, shadow.g, highlight.g);
    out[2] = tone(b, shadow.b, highlight.b);
  });
}

/**
 * A colour halftone: dots on a 45° screen whose size follows the darkness under them, printed in
 * the picture's own (deepened) colours on tinted paper.
 */
export function halftone(image: RawImage, cell: number, paper: Rgb, amount: number): void {
  const k = Math.SQRT1_2;
  forEachPixel(image, (r, g, b, x, y, out) => {
    const u = (x + y) * k;
    const v = (x - y) * k;
    const du = u - (Math.floor(u / cell) + 0.5) * cell;
    const dv = v - (Math.floor(v / cell) + 0.5) * cell;
    const dist = Math.sqrt(du * du + dv * dv);
    const darkness = 1 - lum(r, g, b) / 255;
    const radius = cell * 0.72 * Math.sqrt(0.04 + darkness * 0.96);
    const cover = Math.max(0, Math.min(1, radius - dist + 0.5));
    const mixOut = (c: number, p: number) => {
      // Ink is the colour deepened; paper keeps a trace of the colour under it.
      const printed = c * 0.78 * cover + (p * 0.82 + c * 0.18) * (1 - cover);
      return c + (printed - c) * amount;
    };
    out[0] = mixOut(r, paper.r);
    out[1] = mixOut(g, paper.g);
    out[2] = mixOut(b, paper.b);
  });
}

/** Two-ink risograph: shadows in ink A, midtones in ink B printed slightly off-register, grainy paper. */
export function risograph(image: RawImage, inkA: Rgb, inkB: Rgb, paper: Rgb, seed: number, amount: number): void {
  const { data, width, height, channels } = image;
  const range = brightnessRange(image);
  const lums = new Float32Array(width * height);
  for (let p = 0; p < lums.length; p++) {
    const v = lum(data[p * channels] ?? 0, data[p * channels + 1] ?? 0, data[p * channels + 2] ?? 0) / 255;
    lums[p] = Math.max(0, Math.min(1, (v - range.low) / range.span));
  }
  const random = mulberry32(seed);
  const shift = Math.max(2, Math.round(width / 200));
  forEachPixel(image, (r, g, b, x, y, out) => {
    const here = lums[y * width + x] ?? 0;
    const offset = lums[Math.min(height - 1, y + shift) * width + Math.max(0, x - shift)] ?? 0;
    const grain = (random() - 0.5) * 0.18;
    const a = Math.max(0, Math.min(1, (0.5 - here) * 3 + grain));
    const bInk = Math.max(0, Math.min(1, (0.82 - offset) * 2.2 + grain));
    // Inks multiply onto the paper like real overprinting.
    const channel = (c: number, pa: number, ia: number, ib: number) => {
      const printed = pa * (1 - a + (a * ia) / 255) * (1 - bInk + (bInk * ib) / 255);
      return c + (printed - c) * amount;
    };
    out[0] = channel(r, paper.r, inkA.r, inkB.r);
    out[1] = channel(g, paper.g, inkA.g, inkB.g);
    out[2] = channel(b, paper.b, inkA.b, inkB.b);
  });
}

/** A worn video still: colour channels split apart, heavy scanlines, lifted contrast and a cast. */
export function vhs(image: RawImage, cast: Rgb, amount: number): void {
  const { data, width, channels } = image;
  const copy = Buffer.from(data);
  const shift = Math.max(3, Math.round(width / 150));
  forEachPixel(image, (r, g, b, x, y, out) => {
    const left = (y * width + Math.max(0, x - shift)) * channels;
    const right = (y * width + Math.min(width - 1, x + shift)) * channels;
    const scan = y % 4 < 2 ? 1 : 1 - 0.28 * amount;
    out[0] = (r + (vhsCurve(copy[left] ?? 0, cast.r) - r) * amount) * scan;
    out[1] = (g + (vhsCurve(g, cast.g) - g) * amount) * scan;
    out[2] = (b + (vhsCurve(copy[right + 2] ?? 0, cast.b) - b) * amount) * scan;
  });
}
