import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pixelBombPng } from '#test-support/broken-uploads.ts';
import { pngImage } from '#test-support/images.ts';
import { uploadMessages } from '#contracts/uploads.ts';
import { AppError } from './app-error.ts';
import { IMAGE_DECODE_SLOTS, imageWork, normalizeInputImage } from './images.ts';

/** Memory bounds of image work (docs/operations.md#memory). */
describe('image work is bounded', () => {
  it('sets libvips for a server when images.ts is imported: no operation cache, one thread per image', () => {
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, files: { max: 0 }, items: { max: 0 } });
    expect(sharp.concurrency()).toBe(1);
  });

  it(`decodes at most ${IMAGE_DECODE_SLOTS} images at once; the others wait their turn and all are answered`, async () => {
    const png = await pngImage(300, 200);
    const decodes = Array.from({ length: 6 }, () => normalizeInputImage(png));

    expect([imageWork.running, imageWork.waiting]).toEqual([IMAGE_DECODE_SLOTS, 6 - IMAGE_DECODE_SLOTS]);
    const images = await Promise.all(decodes);
    expect(images.map(({ width, height }) => [width, height])).toEqual(Array.from({ length: 6 }, () => [300, 200]));
    expect([imageWork.running, imageWork.waiting, imageWork.highWater]).toEqual([0, 0, IMAGE_DECODE_SLOTS]);
  });

  it('refuses to decode a pixel bomb even when its header was not inspected first', async () => {
    const refusal = normalizeInputImage(pixelBombPng(30_000, 30_000));
    await expect(refusal).rejects.toBeInstanceOf(AppError);
    await expect(refusal).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: uploadMessages.tooManyPixels });
  });
});
