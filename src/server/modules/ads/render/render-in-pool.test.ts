import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '#server/lib/app-error.ts';
import { createRenderPool } from '#server/lib/render-pool.ts';
import { renderAd, type RenderAdInput } from './render-ad.ts';
import { adRendererIn } from './render-in-pool.ts';

const pool = createRenderPool({ threads: 1 });
afterAll(() => pool.close());
const inPool = adRendererIn(pool);

const productPhoto = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#7a8896' } })
  .composite([
    {
      input: await sharp({ create: { width: 300, height: 500, channels: 3, background: '#10c060' } })
        .png()
        .toBuffer(),
      left: 300,
      top: 350,
    },
  ])
  .png()
  .toBuffer();
const logo = await sharp({ create: { width: 240, height: 90, channels: 4, background: { r: 250, g: 20, b: 200, alpha: 1 } } })
  .png()
  .toBuffer();
const bebas = await readFile('node_modules/@expo-google-fonts/bebas-neue/400Regular/BebasNeue_400Regular.ttf');

const input = (overrides: Partial<RenderAdInput> = {}): RenderAdInput => ({
  image: productPhoto,
  productBox: { x: 0.33, y: 0.29, width: 0.34, height: 0.42 },
  layout: 'bottom-bar',
  size: 'story',
  texts: { headline: 'Fresh bottles for every desk', subline: 'Free shipping over $50', price: '$24.99', cta: 'Shop now' },
  brand: {
    colors: [
      { name: 'Navy', hex: '#1E3A8A' },
      { name: 'Sun', hex: '#FFD400' },
    ],
    headingFont: { data: bebas, cacheKey: 'bebas' },
    bodyFont: { catalog: 'inter' },
    logos: { light: logo },
  },
  ...overrides,
});

describe('ads in the render pool', () => {
  it('draws the same ad as on this thread: the PNG bytes, the text and logo rects, the shapes and what was left out', async () => {
    for (const each of [
      input(),
      input({ layout: 'story' }),
      input({ layout: 'price-badge', size: 'square-feed' }),
      input({ brand: null }),
    ]) {
      const [fromPool, here] = await Promise.all([inPool(each), renderAd(each)]);
      expect(Buffer.isBuffer(fromPool.data)).toBe(true);
      expect(fromPool.data.equals(here.data)).toBe(true);
      expect({ ...fromPool, data: null }).toEqual({ ...here, data: null });
    }
  });

  it("draws the brand's logo from bytes that crossed into the thread", async () => {
    const ad = await inPool(input({ layout: 'logo-corner', size: 'square-feed', brand: { ...input().brand!, logos: { dark: logo } } }));
    expect(ad.logo?.variant).toBe('dark');
  });

  it('raises a font or logo it cannot read, and a refused size, as the same AppError as on this thread', async () => {
    const refusals = [
      input({ brand: { ...input().brand!, headingFont: { data: Buffer.from('nope') } } }),
      input({ brand: { ...input().brand!, logos: { dark: Buffer.from('no logo here') } } }),
      input({ size: 'amazon-main' }),
    ];
    for (const each of refusals) {
      const here = await renderAd(each).catch((error: unknown) => error);
      expect(here).toBeInstanceOf(AppError);
      const fromPool = await inPool(each).catch((error: unknown) => error);
      expect(fromPool).toBeInstanceOf(AppError);
      expect(fromPool).toMatchObject({
        code: (here as AppError).code,
        message: (here as AppError).message,
        status: (here as AppError).status,
      });
    }
  });
});
