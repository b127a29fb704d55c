import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedUser } from '#test-support/session.ts';
import { createTestContext, type TestContext } from '#test-support/test-app.ts';
import type { ImageInspiration, VideoInspiration } from '#contracts/inspirations.ts';
import { queryRows } from '../../db/client.ts';
import { probeVideo } from '../../lib/video-probe.ts';
import { imageInspirationCatalog } from './catalog.ts';
import { seedContentJob } from './jobs.ts';
import { IMAGE_PREFIX, seedImageInspirations } from './seed.ts';
import { videoInspirationCatalog } from './video-catalog.ts';
import { seedVideoInspirations, VIDEO_PREFIX } from './video-seed.ts';

// postgres-pass: same

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

const seed = () =>
  seedVideoInspirations({
    db: ctx.database.db,
    storage: ctx.storage,
    renderer: ctx.services.ai.localImages,
    videoRenderer: ctx.services.ai.localVideos,
    resolution: 360,
    videoLength: 1,
  });
const listVideos = async (query = '') =>
  (await ctx.app.server.inject({ url: `/api/inspirations/videos${query}`, headers: { cookie } })).json().inspirations as VideoInspiration[];

describe('video inspirations', () => {
  let videosSeeded = 0;
  beforeAll(async () => {
    videosSeeded = await seed();
  }, 120_000);

  it('seeds at least 12 rendered examples across several categories and effects, once', async () => {
    expect(videosSeeded).toBe(videoInspirationCatalog.length);
    const all = await listVideos();
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(new Set(all.map((v) => v.category)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(all.map((v) => v.effect)).size).toBeGreaterThanOrEqual(12);
    const video = await ctx.app.server.inject(all[0]!.videoUrl);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(await probeVideo(video.rawPayload)).toMatchObject({ codec: 'h264', width: 360, height: 360 });
    const poster = await ctx.app.server.inject(all[0]!.posterUrl!);
    expect(poster.headers['content-type']).toBe('image/webp');
    expect(await seed()).toBe(0);
  });

  it('filters by category, subcategory and subject, newest first', async () => {
    const tech = await listVideos('?category=Tech');
    expect(tech.length).toBeGreaterThan(1);
    expect(tech.every((v) => v.category === 'Tech')).toBe(true);
    const audio = await listVideos('?category=Tech&subcategory=Audio');
    expect(audio.map((v) => [v.prompt, v.effect])).toEqual([['headphones', 'muscle_me']]);
    expect((await listVideos('?search=SNEAK')).map((v) => v.prompt)).toEqual(['sneaker']);
    expect(await listVideos('?category=Nonexistent')).toEqual([]);
    const dates = (await listVideos()).map((v) => v.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('lists categories with their subcategories', async () => {
    const res = await ctx.app.server.inject({ url: '/api/inspirations/videos/categories', headers: { cookie } });
    const categories = res.json().categories as Array<{ category: string; subcategories: string[] }>;
    expect(categories.find((c) => c.category === 'Fashion')?.subcategories).toEqual(['Accessories', 'Footwear']);
  });

  it('needs a session', async () => {
    expect((await ctx.app.server.inject('/api/inspirations/videos')).statusCode).toBe(401);
  });
});

/** Turns the stored gallery into one an earlier install seeded: files outside this version's folder. */
async function ageGallery(kind: 'images' | 'videos'): Promise<string[]> {
  const table = kind === 'images' ? 'kliptspirations' : 'video_kliptspirations';
  const [file, extra] = kind === 'images' ? ['image_key', 'thumbnail_key'] : ['video_key', 'poster_key'];
  const rows = await queryRows<{ key: string }>(
    ctx.database.db,
    sql`update ${sql.identifier(table)} set ${sql.identifier(file)} = ${`inspirations/${kind}/`} || id || '.old', ${sql.identifier(extra)} = null returning ${sql.identifier(file)} as key`,
  );
  for (const { key } of rows)
    await ctx.storage.put(key, Buffer.from('drawn by an older renderer'), { contentType: 'image/png', visibility: 'public' });
  return rows.map((row) => row.key);
}
const queuedSeeds = async () =>
  (await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from pgboss.job where name = ${seedContentJob.name}`))[0]!
    .n;

describe('a gallery drawn by an older version of the local renderer', () => {
  it('queues the seeding at start, draws the pictures again and removes the old files', async () => {
    const old = await ageGallery('images');
    const queued = await queuedSeeds();
    await ctx.services.inspirations.queueSeedIfStale();
    expect(await queuedSeeds()).toBe(queued + 1);

    const drawn = await seedImageInspirations({
      db: ctx.database.db,
      storage: ctx.storage,
      renderer: ctx.services.ai.localImages,
      size: 256,
    });
    expect(drawn).toBe(imageInspirationCatalog.length);
    const all = await list();
    expect(all).toHaveLength(imageInspirationCatalog.length);
    expect(all.every((i) => i.imageUrl.includes(IMAGE_PREFIX) && i.thumbnailUrl.includes(IMAGE_PREFIX))).toBe(true);
    for (const key of old) expect(await ctx.storage.get(key), key).toBeNull();
    expect(
      await seedImageInspirations({ db: ctx.database.db, storage: ctx.storage, renderer: ctx.services.ai.localImages, size: 256 }),
    ).toBe(0);
  }, 120_000);

  it('does the same for the video gallery', async () => {
    const old = await ageGallery('videos');
    expect(await seed()).toBe(videoInspirationCatalog.length);
    const all = await listVideos();
    expect(all).toHaveLength(videoInspirationCatalog.length);
    expect(all.every((v) => v.videoUrl.includes(VIDEO_PREFIX) && v.posterUrl?.includes(VIDEO_PREFIX))).toBe(true);
    for (const key of old) expect(await ctx.storage.get(key), key).toBeNull();
    expect(await seed()).toBe(0);
  }, 180_000);
});
