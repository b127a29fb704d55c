/** The sharp side of the renderer: SVG to pixels, pixels to PNG, uploaded pictures to RGBA. */
import sharp from 'sharp';
import { generationMessages } from '#contracts/generation.ts';
import { LocalAiError } from '../errors.ts';
import { asThumbnail, MAX_INPUT_PIXELS } from './image-limits.ts';

export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

/** Rasterises an SVG at its own size to opaque RGB. */
export async function renderSvg(svg: string): Promise<RawImage> {
  const { data, info } = await sharp(Buffer.from(svg)).flatten({ background: '#000000' }).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels === 4 ? 4 : 3 };
}

/** The picture as the klip's PNG and its grid thumbnail, both from the pixels (no PNG decoded again for the thumbnail). */
export type EncodedImage = Record<'png' | 'thumbnail', Buffer>;

/** Tones 0–64 map to 28–64: the darkest scene keeps some colour at its edges, never black bars. */
const SHADOWS = Uint8Array.from({ length: 256 }, (_, v) => (v >= 64 ? v : Math.round(28 + (v * 36) / 64)));

/** Lifts the shadows of raw pixels in place (alpha untouched) and returns them. */
export function liftShadows(data: Buffer, channels: 3 | 4): Buffer {
  for (let i = 0; i < data.length; i++) if (channels === 3 || i % 4 !== 3) data[i] = SHADOWS[data[i]!]!;
  return data;
}

/** `shadowsLifted`: the caller lifted what needed it (a product shot its backdrop, never the seller's product). */
export async function encodeOutput(image: RawImage, options: { shadowsLifted?: boolean } = {}): Promise<EncodedImage> {
  if (!options.shadowsLifted) liftShadows(image.data, image.channels);
  const pixels = sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  const [png, thumbnail] = await Promise.all([
    pixels.clone().png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer(),
    asThumbnail(pixels.clone()).toBuffer(),
  ]);
  return { png, thumbnail };
}

/**
 * Decodes an uploaded picture to RGBA, upright (EXIF orientation applied) and no larger than
 * `maxSide`, within the app's decoding-bomb limit.
 */
export async function decodeInput(data: Buffer, maxSide: number, what: string): Promise<RawImage> {
  try {
    const { data: pixels, info } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data: pixels, width: info.width, height: info.height, channels: 4 };
  } catch (error) {
    throw new LocalAiError(generationMessages.unreadableImage(what), { cause: error });
  }
}
