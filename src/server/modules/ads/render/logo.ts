import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { brandKitMessages } from '#contracts/brand-kits.ts';
import type { LogoVariant } from '#contracts/brand-kits.ts';
import { AppError } from '#server/lib/app-error.ts';
import { imageWork, MAX_INPUT_PIXELS } from '#server/lib/images.ts';
import { contrastRatio, linear } from './colors.ts';
import type { Corner } from './layouts.ts';
import type { Stage } from './frame.ts';
import { bottom, intersects, right, type Rect } from './geometry.ts';

export interface LogoFile {
  variant: LogoVariant;
  data: Uint8Array;
  /** SHA-256 of the bytes: the key of the caches. */
  hash: string;
  width: number;
  height: number;
  /** Mean relative luminance of its opaque pixels (alpha-weighted). */
  luminance: number;
}

/** A kit's logos come back ad after ad: what was read of them, and their resized copies, by the bytes' hash. */
const MAX_CACHED = 64;
const logoFacts = new Map<string, { width: number; height: number; luminance: number }>();
const resizedLogos = new Map<string, Buffer>();

function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  cache.set(key, value);
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  return value;
}

/** Reads a logo's size and how light it is (from a 16×16 reduction). A logo that cannot be decoded is refused. */
export async function readLogo(variant: LogoVariant, data: Uint8Array): Promise<LogoFile> {
  const hash = createHash('sha256').update(data).digest('hex');
  const known = logoFacts.get(hash);
  if (known) return { variant, data, hash, ...known };
  try {
    const image = () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const [meta, small] = await Promise.all([
      image().metadata(),
      image().resize(16, 16, { fit: 'fill' }).ensureAlpha().toColourspace('srgb').raw().toBuffer(),
    ]);
    let sum = 0;
    let weight = 0;
    for (let i = 0; i < small.length; i += 4) {
      const a = small[i + 3]! / 255;
      sum += a * (0.2126 * linear(small[i]!) + 0.7152 * linear(small[i + 1]!) + 0.0722 * linear(small[i + 2]!));
      weight += a;
    }
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) throw new Error('no size');
    const facts = remember(logoFacts, hash, { width, height, luminance: weight > 0 ? sum / weight : 0 });
    return { variant, data, hash, ...facts };
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', brandKitMessages.logoUnreadable);
  }
}

/**
 * The logo's square slot: the first corner of the layout's order (inside the content area, a padding
 * from its edges) that overlaps neither the product nor anything drawn; the size steps down from the
 * layout's scale to 12% of the short side before giving up (no logo rather than a covered product).
 */
export function placeLogoSlot(stage: Stage, corners: readonly Corner[], scale: number, taken: readonly Rect[]): Rect | null {
  const c = stage.content;
  const scales = [scale, 0.15, 0.12].filter((s, i, all) => s <= scale && all.indexOf(s) === i);
  for (const s of scales) {
    const side = Math.round(stage.unit * s);
    for (const corner of corners) {
      const x = corner.endsWith('left') ? c.x + stage.pad : right(c) - stage.pad - side;
      const y = corner.startsWith('top') ? c.y + stage.pad : bottom(c) - stage.pad - side;
      const slot = { x, y, width: side, height: side };
      if (slot.y < c.y || bottom(slot) > bottom(c) || slot.x < 0 || right(slot) > stage.width) continue;
      if (stage.product && intersects(slot, stage.product)) continue;
      if (taken.some((t) => intersects(t, slot))) continue;
      return slot;
    }
  }
  return null;
}

/** The logo's rectangle in its slot: the longer side fills the slot, pushed into the slot's corner. */
export function logoRect(slot: Rect, corner: Corner, logo: { width: number; height: number }): Rect {
  const scale = slot.width / Math.max(logo.width, logo.height);
  const width = Math.max(1, Math.round(logo.width * scale));
  const height = Math.max(1, Math.round(logo.height * scale));
  return {
    x: corner.endsWith('left') ? slot.x : right(slot) - width,
    y: corner.startsWith('top') ? slot.y : bottom(slot) - height,
    width,
    height,
  };
}

export function cornerOf(stage: Stage, slot: Rect): Corner {
  const cx = slot.x + slot.width / 2 < stage.width / 2 ? 'left' : 'right';
  const cy = slot.y + slot.height / 2 < stage.content.y + stage.content.height / 2 ? 'top' : 'bottom';
  return `${cy}-${cx}`;
}

/** Of the kit's logos, the one that stands out most from what it sits on (by WCAG contrast of mean luminances). */
export function chooseLogo(logos: readonly LogoFile[], backgroundLuminance: number): LogoFile | null {
  let best: LogoFile | null = null;
  for (const logo of logos) {
    if (!best || contrastRatio(logo.luminance, backgroundLuminance) > contrastRatio(best.luminance, backgroundLuminance)) best = logo;
  }
  return best;
}

/** Mean relative luminance of a region of raw RGB pixels (sampled on a grid of about 32×32). */
export function regionLuminance(raw: Buffer, frameWidth: number, channels: number, r: Rect): number {
  const stepX = Math.max(1, Math.floor(r.width / 32));
  const stepY = Math.max(1, Math.floor(r.height / 32));
  let sum = 0;
  let count = 0;
  for (let y = r.y; y < r.y + r.height; y += stepY) {
    for (let x = r.x; x < r.x + r.width; x += stepX) {
      const i = (y * frameWidth + x) * channels;
      sum += 0.2126 * linear(raw[i]!) + 0.7152 * linear(raw[i + 1]!) + 0.0722 * linear(raw[i + 2]!);
      count++;
    }
  }
  return count > 0 ? sum / count : 0;
}

/** The logo at its drawn size, as PNG for compositing (cached per logo and size). */
export async function resizedLogo(logo: LogoFile, rect: Rect): Promise<Buffer> {
  const key = `${logo.hash}:${rect.width}x${rect.height}`;
  const cached = resizedLogos.get(key);
  if (cached) return cached;
  const png = await imageWork.run(() =>
    sharp(logo.data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(rect.width, rect.height, { fit: 'fill' })
      .png({ compressionLevel: 0 })
      .toBuffer(),
  );
  return remember(resizedLogos, key, png);
}
