import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExportFit, ExportPresetId } from '#contracts/exports.ts';
import { createRenderPool } from '../../lib/render-pool.ts';
import { exportRendererOf } from './render.ts';
import { exportRendererIn } from './render-in-pool.ts';

const pool = createRenderPool({ threads: 1 });
afterAll(() => pool.close());
const inPool = exportRendererIn(pool);
const inline = exportRendererOf();

/** A product on a flat backdrop (the pad fit extends the backdrop) and a photo with a busy edge (padded with white). */
const flatBackdrop = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#d8e4f0' } })
  .composite([
    {
      input: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><circle cx="100" cy="100" r="90" fill="#c03020"/></svg>',
      ),
      left: 200,
      top: 100,
    },
  ])
  .png()
  .toBuffer();
const busyEdge = await sharp(
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="500"><defs><linearGradient id="g"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#0f8"/></linearGradient></defs><rect width="300" height="500" fill="url(#g)"/></svg>',
  ),
)
  .png()
  .toBuffer();

describe('marketplace exports in the render pool', () => {
  it('gives the same JPEG bytes as rendering on this thread, for pad (edge colour and white), fill and upscale', async () => {
    const cases: Array<[Buffer, ExportPresetId, ExportFit]> = [
      [flatBackdrop, 'shopify-product', 'pad'],
      [busyEdge, 'instagram-post', 'pad'],
      [flatBackdrop, 'amazon-main', 'pad'],
      [busyEdge, 'facebook-ad', 'fill'],
      [flatBackdrop, 'upscale-2x', 'pad'],
    ];
    for (const [image, preset, fit] of cases) {
      const [fromPool, here] = await Promise.all([inPool(image, preset, fit), inline(image, preset, fit)]);
      expect(Buffer.isBuffer(fromPool)).toBe(true);
      expect(fromPool.length).toBeGreaterThan(0);
      expect(fromPool.equals(here)).toBe(true);
    }
    // The pool's copy of the image leaves the caller's bytes whole (copied, not transferred).
    expect((await sharp(flatBackdrop).metadata()).width).toBe(600);
  });

  it("raises the renderer's error for bytes that are no image, as on this thread", async () => {
    const garbage = Buffer.from('not an image at all');
    const here = await inline(garbage, 'story', 'pad').catch((error: unknown) => error);
    expect(here).toBeInstanceOf(Error);
    await expect(inPool(garbage, 'story', 'pad')).rejects.toThrow((here as Error).message);
    // The thread survives a failed task.
    expect((await inPool(busyEdge, 'story', 'fill')).length).toBeGreaterThan(0);
  });
});
