import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDITION_WIDTHS, renditionSrcSet, SHARE_IMAGE_SIZES } from '#contracts/klip-renditions.ts';
import { klipMessages, type KlipCard } from '#contracts/klips.ts';
import { klips } from '#server/db/schema/index.ts';
import { Semaphore } from '#server/lib/semaphore.ts';
import { pngImage } from '#test-support/images.ts';
import { storedKlip, userWithId } from '#test-support/stored-klip.ts';
import { createTestContext, type TestContext } from '#test-support/test-app.ts';
import { createKlipRenditions, klipRenditions, renditionKey } from './renditions.ts';
import { shareHead } from './share-preview.ts';

// postgres-pass: same

let ctx: TestContext;
let owner: { id: string; cookie: string };
let stranger: { id: string; cookie: string };
beforeAll(async () => {
  ctx = await createTestContext({ workers: false, rateLimits: false });
  owner = await userWithId(ctx, 'renditions-owner@example.com');
  stranger = await userWithId(ctx, 'renditions-stranger@example.com');
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.server.inject({ method: 'GET', url, headers });

/** A stored klip whose picture is 1600×1000 (storedKlip's row says 96×64 unless told). */
async function largeKlip(isPublic: boolean) {
  const picture = await pngImage(1600, 1000, 7);
  const klip = await storedKlip(ctx, owner.id, { isPublic, picture });
  await ctx.database.db.update(klips).set({ width: 1600, height: 1000 }).where(eq(klips.id, klip.id));
  return { ...klip, width: 1600, height: 1000 };
}

describe('GET /api/klips/:id/renditions/:width (docs/architecture.md#klip-renditions)', () => {
  it("answers a public klip's picture as WebP of the asked width to anyone, cached for an hour, made once and stored", async () => {
    const klip = await largeKlip(true);
    for (const width of RENDITION_WIDTHS) {
      const res = await get(`/api/klips/${klip.id}/renditions/${width}`);
      expect(res.statusCode, String(width)).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      const info = await sharp(res.rawPayload).metadata();
      expect([info.format, info.width, info.height]).toEqual(['webp', width, Math.round((1000 * width) / 1600)]);
      expect(await ctx.storage.get(renditionKey(klip, width)!)).toEqual(res.rawPayload);
    }
  });

  it('refuses any width but the fixed ones (400), so nobody chooses what the server resizes to', async () => {
    const klip = await largeKlip(true);
    for (const width of ['100', '641', '1600', '0', '-320', '320.0', 'abc', '3200']) {
      const res = await get(`/api/klips/${klip.id}/renditions/${width}`);
      expect(res.statusCode, width).toBe(400);
      expect(res.json().error.message, width).toBe(klipMessages.renditionWidthInvalid);
    }
    expect(await ctx.storage.get(`renditions/${klip.id}`)).toBeNull();
  });

  it("keeps a private klip's copies to those who may read the klip: not found for visitors and strangers, private cache for its owner", async () => {
    const klip = await largeKlip(false);
    for (const headers of [{}, { cookie: stranger.cookie }] as Array<Record<string, string>>) {
      const res = await get(`/api/klips/${klip.id}/renditions/640`, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: klipMessages.notFound } });
    }
    const mine = await get(`/api/klips/${klip.id}/renditions/640`, { cookie: owner.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, max-age=300');
    // Stored, yet never served from the file folder: only the route, which checks access, hands it out.
    const key = renditionKey(klip, 640)!;
    expect(await ctx.storage.get(key)).not.toBeNull();
    expect((await get(`/files/${key}`)).statusCode).toBe(404);
    const missing = await get('/api/klips/00000000-0000-4000-8000-000000000000/renditions/640');
    expect(missing.statusCode).toBe(404);
  });

  it("a video's copies are made from its poster; a video without one has none", async () => {
    const video = await storedKlip(ctx, owner.id, { isPublic: true, klipType: 'video', picture: await pngImage(800, 450) });
    const res = await get(`/api/klips/${video.id}/renditions/320`);
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(320);
    const bare = await storedKlip(ctx, owner.id, { isPublic: true, klipType: 'video', noPoster: true });
    expect((await get(`/api/klips/${bare.id}/renditions/320`)).statusCode).toBe(404);
    expect(klipRenditions(bare)).toEqual([]);
  });

  it("a klip's card lists copies up to its own width, narrowest first, with URLs that name the picture", async () => {
    const large = await largeKlip(true);
    const card = (await get(`/api/klips/${large.id}`)).json<KlipCard>();
    expect(card.renditions.map((r) => r.width)).toEqual([320, 640, 960, 1280]);
    expect(card.renditions[1]!.url).toMatch(new RegExp(`^/api/klips/${large.id}/renditions/640\\?v=[0-9a-f]{16}$`));
    const small = await storedKlip(ctx, owner.id, { isPublic: true });
    expect((await get(`/api/klips/${small.id}`)).json<KlipCard>().renditions.map((r) => r.width)).toEqual([320]);
  });

  it('the share page preloads its main picture with the same srcset and sizes the page uses', async () => {
    const klip = await largeKlip(true);
    const html = shareHead(klip, 'http://localhost');
    const srcset = renditionSrcSet(klipRenditions(klip)).replaceAll('&', '&amp;');
    expect(html).toContain(
      `<link rel="preload" as="image" imagesrcset="${srcset}" imagesizes="${SHARE_IMAGE_SIZES}" fetchpriority="high" />`,
    );
  });
});

/** A caller without a session. */
const visitor = async () => null;

describe('making copies (bounded work)', () => {
  it('makes one copy for requests that arrive together, and tells the rest to come back when the queue is full', async () => {
    const klip = await largeKlip(true);
    const other = await largeKlip(true);
    let renders = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const renditions = createKlipRenditions({
      db: ctx.database.db,
      storage: ctx.storage,
      gate: new Semaphore(1, { maxWaiting: 0 }),
      render: async (picture) => {
        renders++;
        await held;
        return { data: await sharp(picture).resize({ width: 320 }).webp().toBuffer() };
      },
    });
    const first = renditions.get(klip.id, 320, visitor);
    const same = renditions.get(klip.id, 320, visitor);
    // Another copy while the only slot is taken and no one may wait: 429 with a retry time.
    await expect(renditions.get(other.id, 320, visitor)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    release();
    const [a, b] = await Promise.all([first, same]);
    expect(a.data).toEqual(b.data);
    expect(renders).toBe(1);
    // Stored: asked again, nothing is rendered.
    await renditions.get(klip.id, 320, visitor);
    expect(renders).toBe(1);
  });
});
