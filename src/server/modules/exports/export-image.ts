import sharp, { type Sharp } from 'sharp';
import { MAX_INPUT_PIXELS } from '../../lib/images.ts';

/** Every export is this JPEG: marketplaces take it everywhere; plain libjpeg encodes large frames several times faster than mozjpeg. */
export const EXPORT_JPEG = { quality: 90, mozjpeg: false } as const;
export const EXPORT_KERNEL = 'lanczos3';

/** The stored image, oriented, first frame only, within the pixel limit. */
export function decodeForExport(data: Buffer): Sharp {
  return sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
}
