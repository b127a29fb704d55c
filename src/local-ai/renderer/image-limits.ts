// The server's own picture rules (src/server/lib/images.ts); local-image-provider.test.ts there checks the thumbnails agree.
import type { Sharp } from 'sharp';

/** Decoding bombs: nothing larger than this many pixels is ever decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;

/** The grid thumbnail: WebP, the longer side at most 512 px; effort 2 encodes in half the default's time for a few percent more bytes. */
export const asThumbnail = (image: Sharp): Sharp =>
  image.resize(512, 512, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80, effort: 2 });
