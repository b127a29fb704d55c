import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedUser } from '../../../../tests/support/session.ts';
import { createTestContext, type TestContext } from '../../../../tests/support/test-app.ts';
import type { ImageInspiration } from '../../../contracts/inspirations.ts';
import { imageInspirationCatalog } from './catalog.ts';
import { seedImageInspirations } from './seed.ts';

let ctx: TestContext;
let cookie: string;
let seeded = 0;
beforeAll(async () => {
  ctx = await createTestContext({ workers: false, rateLimits: false });
  cookie = await verifiedUser(ctx, 'inspired@example.com');
  seeded = await seedImageInspirations({ db: ctx.database.db, storage: ctx.storage, renderer: ctx.services.ai.localImages, size: 256 });
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

const list = async (query = '') =>
  (await ctx.app.server.inject({ url: `/api/inspirations/images${query}`, headers: { cookie } })).json().inspirations as ImageInspiration[];

describe('image inspirations', () => {
  it('seeds at least 24 rendered examples across several categories, once', async () => {
    expect(seeded).toBe(imageInspirationCatalog.length);
    const all = await list();
    expect(all.length).toBeGreaterThanOrEqual(24);
    expect(new Set(all.map((i) => i.category)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(all.map((i) => i.subcategory).filter(Boolean)).size).toBeGreaterThanOrEqual(10);
    const image = await ctx.app.server.inject(all[0]!.imageUrl);
    expect(image.headers['content-type']).toBe('image/png');
    const thumb = await ctx.app.server.inject(all[0]!.thumbnailUrl);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(
      await seedImageInspirations({ db: ctx.database.db, storage: ctx.storage, renderer: ctx.services.ai.localImages, size: 256 }),
    ).toBe(0);
  });

  it('filters by category, subcategory and prompt text, newest first', async () => {
    const beauty = await list('?category=Beauty');
    expect(beauty.length).toBeGreaterThan(0);
    expect(beauty.every((i) => i.category === 'Beauty')).toBe(true);
    const skincare = await list('?category=Beauty&subcategory=Skincare');
    expect(skincare.every((i) => i.subcategory === 'Skincare')).toBe(true);
    expect(skincare.length).toBeLessThan(beauty.length);
    const search = await list('?search=SNEAKER');
    expect(search.every((i) => /sneaker/i.test(i.prompt))).toBe(true);
    expect(search.length).toBeGreaterThan(0);
    expect(await list('?category=Nonexistent')).toEqual([]);
    const dates = (await list()).map((i) => i.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('lists categories with their subcategories', async () => {
    const res = await ctx.app.server.inject({ url: '/api/inspirations/images/categories', headers: { cookie } });
    const categories = res.json().categories as Array<{ category: string; subcategories: string[] }>;
    expect(categories.find((c) => c.category === 'Beauty')?.subcategories).toEqual(['Fragrance', 'Makeup', 'Skincare']);
  });

  it('needs a session', async () => {
    expect((await ctx.app.server.inject('/api/inspirations/images')).statusCode).toBe(401);
  });
});
