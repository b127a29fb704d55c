import { UPSCALE_MAX_SIDE, type ExportFit, type ExportPreset } from '#contracts/exports.ts';

export interface Size {
  width: number;
  height: number;
}

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export const WHITE: Rgb = { r: 255, g: 255, b: 255 };

/**
 * What to do with an image of a given size for a preset, decided before any pixel is read:
 * - pad: resize to `image` (the whole picture inside the frame) and extend by `offset` on a
 *   background, the image's own edge colour or white;
 * - fill: cover the frame and crop the centre;
 * - upscale: resize to the size, no frame.
 */
export type ExportPlan =
  | {
      kind: 'pad';
      frame: Size;
      image: Size;
      offset: { top: number; right: number; bottom: number; left: number };
      background: 'edge' | 'white';
    }
  | { kind: 'fill'; frame: Size }
  | { kind: 'upscale'; size: Size; capped: boolean };

export function planExport(source: Size, preset: ExportPreset, fit: ExportFit): ExportPlan {
  if (preset.kind === 'upscale') return planUpscale(source, preset.scale);
  const frame = { width: preset.width, height: preset.height };
  if (fit === 'fill') return { kind: 'fill', frame };
  const scale = Math.min(frame.width / source.width, frame.height / source.height);
  const image = {
    width: clamp(Math.round(source.width * scale), 1, frame.width),
    height: clamp(Math.round(source.height * scale), 1, frame.height),
  };
  const left = Math.floor((frame.width - image.width) / 2);
  const top = Math.floor((frame.height - image.height) / 2);
  return {
    kind: 'pad',
    frame,
    image,
    offset: { top, left, right: frame.width - image.width - left, bottom: frame.height - image.height - top },
    background: preset.alwaysWhite ? 'white' : 'edge',
  };
}

/** `scale` times the size, lowered so that the long side stays within UPSCALE_MAX_SIDE. */
function planUpscale(source: Size, scale: number): ExportPlan {
  const longSide = Math.max(source.width, source.height);
  const capped = longSide * scale > UPSCALE_MAX_SIDE;
  const factor = capped ? UPSCALE_MAX_SIDE / longSide : scale;
  const size = {
    width: clamp(Math.round(source.width * factor), 1, UPSCALE_MAX_SIDE),
    height: clamp(Math.round(source.height * factor), 1, UPSCALE_MAX_SIDE),
  };
  return { kind: 'upscale', size, capped };
}

/** The outermost ring of pixels of a raw image, as RGB triples (each pixel once). */
export function borderPixels(raw: Uint8Array, size: Size, channels: number): Uint8Array {
  const { width, height } = size;
  const out: number[] = [];
  const push = (x: number, y: number) => {
    const i = (y * width + x) * channels;
    out.push(raw[i]!, raw[i + 1]!, raw[i + 2]!);
  };
  for (let x = 0; x < width; x++) push(x, 0);
  if (height > 1) for (let x = 0; x < width; x++) push(x, height - 1);
  for (let y = 1; y < height - 1; y++) {
    push(0, y);
    if (width > 1) push(width - 1, y);
  }
  return Uint8Array.from(out);
}

/** How far (per channel) a border pixel may be from the border's median colour and still count as "the same". */
export const EDGE_TOLERANCE = 16;
/** The share of border pixels that must be the same colour for the border to be near-uniform. */
export const EDGE_UNIFORM_SHARE = 0.97;

/**
 * The colour to pad with: the border's median colour when the border is near-uniform (a studio
 * backdrop, a flat colour, with a little noise or compression), else null — the caller pads with
 * white, as a busy edge has no colour that would look like more of the same picture.
 */
export function uniformEdgeColour(border: Uint8Array): Rgb | null {
  const count = Math.floor(border.length / 3);
  if (count === 0) return null;
  const median = { r: channelMedian(border, 0), g: channelMedian(border, 1), b: channelMedian(border, 2) };
  let same = 0;
  for (let i = 0; i < count * 3; i += 3) {
    const distance = Math.max(Math.abs(border[i]! - median.r), Math.abs(border[i + 1]! - median.g), Math.abs(border[i + 2]! - median.b));
    if (distance <= EDGE_TOLERANCE) same++;
  }
  return same / count >= EDGE_UNIFORM_SHARE ? median : null;
}

function channelMedian(pixels: Uint8Array, channel: number): number {
  const histogram = new Uint32Array(256);
  const count = Math.floor(pixels.length / 3);
  for (let i = channel; i < count * 3; i += 3) histogram[pixels[i]!]!++;
  let seen = 0;
  for (let value = 0; value < 256; value++) {
    seen += histogram[value]!;
    if (seen * 2 >= count) return value;
  }
  return 255;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
