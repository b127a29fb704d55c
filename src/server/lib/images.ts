import sharp, { type Metadata, type Sharp } from 'sharp';
import { uploadMessages } from '#contracts/uploads.ts';
import { AppError } from './app-error.ts';
import { collectAfterQuiet, fullCollection } from './idle-collection.ts';
import { Semaphore } from './semaphore.ts';
import './sharp-settings.ts';

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';
const ACCEPTED = new Set<string>(['png', 'jpeg', 'gif', 'webp']);

/** Decoding bombs: nothing larger than this many pixels is ever decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Images decoded at once (each a few tens of MB of native memory at 36 megapixels); more wait
 * their turn, so a burst of large uploads is answered in order instead of all held in memory
 * together (docs/operations.md#memory). Reading a header (`inspectImage`, `imageSize`) takes no slot.
 */
export const IMAGE_DECODE_SLOTS = 2;
/** Quiet time after the last image before the heap is collected (idle-collection.ts). */
const COLLECT_AFTER_IMAGES_MS = 5_000;
export const imageWork = new Semaphore(IMAGE_DECODE_SLOTS, {
  onIdle: collectAfterQuiet({ delayMs: COLLECT_AFTER_IMAGES_MS, collect: fullCollection() }),
});

/** An image's bytes, or the path of a file holding them (an upload streamed to disk). */
export type ImageInput = Buffer | string;

export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
}

/**
 * Checks that bytes are a real image of an accepted format by reading its header with libvips
 * (the file name and the browser's content type are not trusted), within the pixel limit. Only the
 * header is read here, so a pixel bomb (a tiny file claiming 30000 x 30000) is named for its
 * pixel count; the pixels are decoded later, by `normalizeInputImage` or `renderAvatar`.
 */
export async function inspectImage(
  data: ImageInput,
  options: { formats?: readonly ImageFormat[]; notImageMessage: string },
): Promise<ImageInfo> {
  const allowed = new Set<string>(options.formats ?? [...ACCEPTED]);
  let meta: Metadata;
  try {
    // No pixel limit for the header alone: the count is checked below, with its own message.
    meta = await sharp(data, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', options.notImageMessage);
  }
  if (!meta.format || !allowed.has(meta.format) || !meta.width || !meta.height) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', options.notImageMessage);
  }
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooManyPixels);
  }
  return { format: meta.format as ImageFormat, width: meta.width, height: meta.height };
}

/**
 * Decodes an uploaded image in its turn: pixels that cannot be decoded (a valid header over
 * truncated or corrupt data) are the uploader's fault, a 415 with `uploadMessages.damaged`, never
 * a 500 (docs/operations.md#upload-limits-and-answers). Only for user input, after `inspectImage`;
 * the pixel limit holds here too, with its own message.
 */
async function decodeUploaded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await imageWork.run(work);
  } catch (err) {
    if (err instanceof Error && err.message.includes('exceeds pixel limit')) {
      throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooManyPixels);
    }
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.damaged);
  }
}

/** A square avatar, re-encoded (metadata stripped, first frame of animations). */
export async function renderAvatar(data: ImageInput): Promise<Buffer> {
  return decodeUploaded(() =>
    sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(512, 512, { fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer(),
  );
}

/**
 * A logo as a PNG (transparency kept): orientation applied, first frame, the long side at most
 * `maxSide` px. An SVG's `density` makes its long side reach `maxSide` before it is rasterised.
 */
export async function renderLogo(
  data: ImageInput,
  options: { maxSide: number; density?: number },
): Promise<{ data: Buffer; width: number; height: number }> {
  const { data: out, info } = await decodeUploaded(() =>
    sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, ...(options.density ? { density: options.density } : {}) })
      .rotate()
      .resize(options.maxSide, options.maxSide, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true }),
  );
  return { data: out, width: info.width, height: info.height };
}

/** An input image for generation: orientation applied, first frame, at most 2048 px, PNG (keeps transparency). */
export async function normalizeInputImage(data: ImageInput): Promise<{ data: Buffer; width: number; height: number }> {
  const { data: out, info } = await decodeUploaded(() =>
    sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(2048, 2048, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 6 })
      .toBuffer({ resolveWithObject: true }),
  );
  return { data: out, width: info.width, height: info.height };
}

/** A WebP thumbnail for grids (longer side 512). */
export async function renderThumbnail(data: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data: out, info } = await imageWork.run(() =>
    asThumbnail(sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })).toBuffer({ resolveWithObject: true }),
  );
  return { data: out, width: info.width, height: info.height };
}

/** The grid thumbnail's shape: WebP, the longer side at most 512 px (also drawn by the local renderer from its pixels). */
export function asThumbnail(image: Sharp): Sharp {
  return (
    image
      .resize(512, 512, { fit: 'inside', withoutEnlargement: true })
      // Effort 2 encodes in about half the time of the default for a few percent more bytes.
      .webp({ quality: 80, effort: 2 })
  );
}

export async function imageSize(data: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}

/** JPEG for downloads: transparent areas on white. */
export async function toJpeg(data: Buffer): Promise<Buffer> {
  return imageWork.run(() =>
    sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 92, mozjpeg: true })
      .toBuffer(),
  );
}

/** Link previews (Open Graph, Twitter cards) are drawn at this size. */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/**
 * A 1200×630 JPEG for link previews: the whole image fitted inside (the product is never cropped
 * away) over a blurred, darkened cover of itself, so the bands match the picture's own colours.
 */
export async function renderSocialCard(data: Buffer): Promise<Buffer> {
  const { width, height } = SOCIAL_CARD;
  const source = () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate().flatten({ background: '#ffffff' });
  // One turn for the whole card: its two decodes of one image are one piece of work.
  return imageWork.run(async () => {
    const [background, foreground] = await Promise.all([
      source().resize(width, height, { fit: 'cover' }).blur(40).modulate({ brightness: 0.85 }).toBuffer(),
      source().resize(width, height, { fit: 'inside' }).toBuffer(),
    ]);
    return sharp(background)
      .composite([{ input: foreground, gravity: 'center' }])
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  });
}

/** A video's poster from its reference image: cropped to the video's frame, WebP. */
export async function renderPoster(data: Buffer, width: number, height: number): Promise<Buffer> {
  return imageWork.run(() =>
    sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .resize(width, height, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .webp({ quality: 82, effort: 2 })
      .toBuffer(),
  );
}

/**
 * A sized copy of a klip's picture for pages (modules/klips/renditions.ts): orientation applied,
 * `width` px wide (never enlarged), WebP. Quality 75 at effort 4: a 640 px copy of a photo is a
 * few tens of KB.
 */
export async function renderRendition(data: Buffer, width: number): Promise<{ data: Buffer; width: number; height: number }> {
  const { data: out, info } = await imageWork.run(() =>
    sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 75, effort: 4 })
      .toBuffer({ resolveWithObject: true }),
  );
  return { data: out, width: info.width, height: info.height };
}
