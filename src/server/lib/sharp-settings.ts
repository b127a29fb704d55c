import sharp from 'sharp';

/*
 * libvips settings for a long-running server, applied to the whole process once, when this module
 * is first imported (images.ts imports it; the server loads images.ts while it starts):
 * - no operation cache: a server decodes each image once, and the cache would keep up to 50 MB
 *   of decoded pixels and 20 open files for nothing;
 * - one libvips thread per image: images run side by side on libuv's pool instead, at most
 *   IMAGE_DECODE_SLOTS at once (images.ts), so one large image never takes every core.
 * Resident memory at rest and after bursts: docs/operations.md#memory.
 */
sharp.cache(false);
sharp.concurrency(1);
