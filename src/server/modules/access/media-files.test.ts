import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage, multipartBody } from '../../../../tests/support/images.ts';
import { setKlipPublic, storedKlip, userWithId } from '../../../../tests/support/stored-klip.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '../../../../tests/support/test-app.ts';
import { grantSuperAdmin } from '../roles/repo.ts';

const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'Not found' } };
const PRIVATE = 'private, no-store';
const PUBLIC_HOUR = 'public, max-age=3600';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let ctx: TestContext;
let owner: { id: string; cookie: string };
let stranger: { id: string; cookie: string };
let admin: { id: string; cookie: string };
beforeAll(async () => {
  ctx = await createTestContext({ workers: false, rateLimits: false });
  owner = await userWithId(ctx, 'owner@example.com');
  stranger = await userWithId(ctx, 'stranger@example.com');
  admin = await userWithId(ctx, 'admin@example.com');
  await grantSuperAdmin(ctx.database.db, admin.id);
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, cookie?: string) => ctx.app.server.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const url = (key: string | null) => `/files/${key!}`;

describe('klip files under /files (docs/operations.md#share-previews-and-klip-files)', () => {
  it("a private klip's media, thumbnail and poster are not found for visitors and other users", async () => {
    const image = await storedKlip(ctx, owner.id, { isPublic: false });
    const video = await storedKlip(ctx, owner.id, { isPublic: false, klipType: 'video' });
    for (const key of [image.mediaKey, image.thumbnailKey, video.mediaKey, video.posterKey]) {
      for (const cookie of [undefined, stranger.cookie]) {
        const res = await get(url(key), cookie);
        expect(res.statusCode, key!).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    }
  });

  it('its owner and super admins get them, never stored by a cache', async () => {
    const klip = await storedKlip(ctx, owner.id, { isPublic: false });
    for (const cookie of [owner.cookie, admin.cookie]) {
      for (const key of [klip.mediaKey, klip.thumbnailKey]) {
        const res = await get(url(key), cookie);
        expect(res.statusCode, key!).toBe(200);
        expect(res.headers['cache-control']).toBe(PRIVATE);
      }
    }
  });

  it('a public klip is public, cached for an hour only; made private it is not found at once', async () => {
    const klip = await storedKlip(ctx, owner.id, { isPublic: true });
    for (const key of [klip.mediaKey, klip.thumbnailKey]) {
      const res = await get(url(key));
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(PUBLIC_HOUR);
    }
    await setKlipPublic(ctx, klip.id, false);
    expect((await get(url(klip.mediaKey))).statusCode).toBe(404);
    expect((await get(url(klip.thumbnailKey), stranger.cookie)).statusCode).toBe(404);
    expect((await get(url(klip.mediaKey), owner.cookie)).headers['cache-control']).toBe(PRIVATE);
  });

  it('a guessed key is not found: another name beside a klip, another owner folder, no klip at all', async () => {
    const klip = await storedKlip(ctx, owner.id, { isPublic: true });
    const jobId = klip.generationJobId!;
    await ctx.storage.put(`klips/${owner.id}/${jobId}-extra.png`, await pngImage(8, 8), { contentType: 'image/png', visibility: 'private' });
    await ctx.storage.put(`klips/${stranger.id}/${jobId}.png`, await pngImage(8, 8), { contentType: 'image/png', visibility: 'private' });
    await ctx.storage.put(`klips/${owner.id}/orphan.png`, await pngImage(8, 8), { contentType: 'image/png', visibility: 'private' });
    for (const key of [`klips/${owner.id}/${jobId}-extra.png`, `klips/${stranger.id}/${jobId}.png`, `klips/${owner.id}/orphan.png`]) {
      const res = await get(url(key), owner.cookie);
      expect(res.statusCode, key).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });
});

describe('uploads and other files under /files', () => {
  it('an upload reaches its uploader alone, never stored by a cache', async () => {
    const { payload, headers } = multipartBody('file', 'product.png', 'image/png', await pngImage(32, 32));
    const uploaded = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...SAME_ORIGIN, ...headers, cookie: owner.cookie },
      payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const fileUrl = uploaded.json<{ url: string }>().url;
    const mine = await get(fileUrl, owner.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe(PRIVATE);
    for (const cookie of [undefined, stranger.cookie, admin.cookie]) expect((await get(fileUrl, cookie)).statusCode).toBe(404);
  });

  it('avatars, inspirations and other prefixes keep a year of immutable caching', async () => {
    for (const key of [`avatars/${owner.id}/avatar.webp`, 'inspirations/images/one.png']) {
      await ctx.storage.put(key, await pngImage(8, 8), { contentType: 'image/png', visibility: 'private' });
      const res = await get(url(key));
      expect(res.statusCode, key).toBe(200);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
    }
  });
});
