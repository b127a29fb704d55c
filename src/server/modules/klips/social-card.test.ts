import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, person, type Person } from '#test-support/klip-people.ts';
import { pngImage } from '#test-support/images.ts';
import { storedKlip } from '#test-support/stored-klip.ts';
import { createTestContext, TEST_APP_URL, type TestContext } from '#test-support/test-app.ts';
import { waitFor } from '#test-support/wait-for.ts';
import { klipMessages } from '#contracts/klips.ts';
import { socialImageRateLimit } from '#contracts/limits.ts';
import { klips } from '../../db/schema/index.ts';
import { isAppError } from '../../lib/app-error.ts';
import { renderSocialCard } from '../../lib/images.ts';
import { Semaphore } from '../../lib/semaphore.ts';
import { findKlip } from './repo.ts';
import { createKlipSharePreview } from './share-preview.ts';
import { SOCIAL_RENDER_QUEUE, socialCardKey } from './social-card.ts';

// postgres-pass: same

/**
 * The link-preview picture costs a render (issue 24: ~175 ms of CPU on every anonymous request):
 * it is rendered once and stored, a change to the klip invalidates it, one address cannot flood it,
 * and its renders take one slot with a short queue, so they never starve other work.
 */
let ctx: TestContext;
let owner: Person;
let admin: Person;
beforeAll(async () => {
  ctx = await createTestContext({ workers: false });
  [owner, admin] = await Promise.all([person(ctx, 'sharer@example.com'), person(ctx, 'admin@example.com', { superAdmin: true })]);
});
afterAll(async () => {
  await ctx.close();
});

/** The card renderer, counted; `hold()` makes the next renders wait until `release()`. */
function countedRender() {
  let held: PromiseWithResolvers<void> | null = null;
  const counter = {
    renders: 0,
    running: 0,
    mostAtOnce: 0,
    hold() {
      held = Promise.withResolvers<void>();
    },
    release() {
      held?.resolve();
      held = null;
    },
    render: async (picture: Buffer) => {
      counter.renders++;
      counter.running++;
      counter.mostAtOnce = Math.max(counter.mostAtOnce, counter.running);
      try {
        if (held) await held.promise;
        return await renderSocialCard(picture);
      } finally {
        counter.running--;
      }
    },
  };
  return counter;
}

/** A share preview of its own (the route's is built by the runtime) on the context's database and storage. */
function previewWith(counter: ReturnType<typeof countedRender>, gate?: Semaphore) {
  return createKlipSharePreview({
    db: ctx.database.db,
    storage: ctx.storage,
    appUrl: TEST_APP_URL,
    render: counter.render,
    ...(gate ? { gate } : {}),
  });
}

const card = async (klipId: string) => socialCardKey((await findKlip(ctx.database.db, klipId))!)!;

describe('social.jpg is rendered once and stored', () => {
  it('stores the first render as a public file and answers later requests from it', async () => {
    const klip = await storedKlip(ctx, owner.id, { isPublic: true });
    const counter = countedRender();
    const preview = previewWith(counter);
    const first = await preview.socialImage(klip.id);
    const second = await preview.socialImage(klip.id);
    expect(counter.renders).toBe(1);
    expect(second.equals(first)).toBe(true);
    expect((await ctx.storage.get(await card(klip.id)))!.equals(first)).toBe(true);
    expect((await sharp(first).metadata()).width).toBe(1200);

    // The route answers from the stored file too: a marker put in its place is what it sends.
    const marker = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#00ff00' } })
      .jpeg()
      .toBuffer();
    await ctx.storage.put(await card(klip.id), marker, { contentType: 'image/jpeg', visibility: 'public' });
    const res = await ctx.app.server.inject({ method: 'GET', url: `/api/klips/${klip.id}/social.jpg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.rawPayload.equals(marker)).toBe(true);
  });

  it('renders once when many first requests arrive together', async () => {
    const klip = await storedKlip(ctx, owner.id, { isPublic: true });
    const counter = countedRender();
    counter.hold();
    const preview = previewWith(counter);
    const answers = Array.from({ length: 8 }, () => preview.socialImage(klip.id));
    await waitFor(() => counter.renders > 0, { message: 'the render to start' });
    counter.release();
    const cards = await Promise.all(answers);
    expect(counter.renders).toBe(1);
    for (const jpeg of cards) expect(jpeg.equals(cards[0]!)).toBe(true);
  });
});

describe('a change to the klip invalidates its card', () => {
  it('renders again after its prompt or picture changed', async () => {
    const klip = await storedKlip(ctx, owner.id, { isPublic: true, prompt: 'a red sneaker' });
    const counter = countedRender();
    const preview = previewWith(counter);
    await preview.socialImage(klip.id);
    const before = await card(klip.id);

    await ctx.database.db.update(klips).set({ prompt: 'a blue sneaker' }).where(eq(klips.id, klip.id));
    await preview.socialImage(klip.id);
    expect(counter.renders).toBe(2);
    expect(await card(klip.id)).not.toBe(before);

    const otherPicture = `klips/${owner.id}/${klip.generationJobId}-retouched.png`;
    await ctx.storage.put(otherPicture, await pngImage(50, 80, 7), { contentType: 'image/png', visibility: 'public' });
    await ctx.database.db.update(klips).set({ mediaKey: otherPicture }).where(eq(klips.id, klip.id));
    const redrawn = await preview.socialImage(klip.id);
    expect(counter.renders).toBe(3);
    expect((await ctx.storage.get(await card(klip.id)))!.equals(redrawn)).toBe(true);
  });

  it('is removed when the klip goes private, rendered afresh when it is public again, and removed with the klip', async () => {
    const klip = await storedKlip(ctx, owner.id, { isPublic: true });
    const counter = countedRender();
    const preview = previewWith(counter);
    await preview.socialImage(klip.id);
    const key = await card(klip.id);
    const asOwner = callAs(ctx, owner);

    expect((await asOwner('PUT', `/api/klips/${klip.id}/visibility`, { isPublic: false })).statusCode).toBe(200);
    expect(await ctx.storage.get(key)).toBeNull();
    await expect(preview.socialImage(klip.id)).rejects.toMatchObject({ code: 'NOT_FOUND', message: klipMessages.notFound });

    expect((await asOwner('PUT', `/api/klips/${klip.id}/visibility`, { isPublic: true })).statusCode).toBe(200);
    await preview.socialImage(klip.id);
    expect(counter.renders).toBe(2);
    expect(await ctx.storage.get(key)).not.toBeNull();

    expect((await callAs(ctx, admin)('DELETE', `/api/admin/klips/${klip.id}`)).statusCode).toBe(204);
    expect(await ctx.storage.get(key)).toBeNull();
  });

  it('leaves no card when the klip goes private while its card renders', async () => {
    const klip = await storedKlip(ctx, owner.id, { isPublic: true });
    const counter = countedRender();
    counter.hold();
    const rendering = previewWith(counter).socialImage(klip.id);
    await waitFor(() => counter.renders > 0, { message: 'the render to start' });
    const key = await card(klip.id);
    expect((await callAs(ctx, owner)('PUT', `/api/klips/${klip.id}/visibility`, { isPublic: false })).statusCode).toBe(200);
    counter.release();
    await rendering.catch(() => undefined);
    expect(await ctx.storage.get(key)).toBeNull();
  });
});

describe('the stored card under /files (local storage)', () => {
  it("is served while its klip is public, for an hour's caching; a private klip's card is not found", async () => {
    const klip = await storedKlip(ctx, owner.id, { isPublic: true });
    await previewWith(countedRender()).socialImage(klip.id);
    const served = await ctx.app.server.inject({ method: 'GET', url: `/files/${await card(klip.id)}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=3600');

    const hidden = await storedKlip(ctx, owner.id, { isPublic: false });
    const key = await card(hidden.id);
    await ctx.storage.put(key, served.rawPayload, { contentType: 'image/jpeg', visibility: 'public' });
    expect((await ctx.app.server.inject({ method: 'GET', url: `/files/${key}` })).statusCode).toBe(404);
    expect((await ctx.app.server.inject({ method: 'GET', url: `/files/social/${hidden.id}.jpg` })).statusCode).toBe(404);
  });
});

describe('social renders never starve other requests', () => {
  it(`renders one card at a time, queues ${SOCIAL_RENDER_QUEUE}, answers 429 with Retry-After beyond, and serves stored cards meanwhile`, async () => {
    const counter = countedRender();
    const preview = previewWith(counter, new Semaphore(1, { maxWaiting: SOCIAL_RENDER_QUEUE }));
    const ready = await storedKlip(ctx, owner.id, { isPublic: true });
    const readyCard = await preview.socialImage(ready.id);

    const waiting = await Promise.all(Array.from({ length: SOCIAL_RENDER_QUEUE + 2 }, () => storedKlip(ctx, owner.id, { isPublic: true })));
    counter.hold();
    const accepted = waiting.slice(0, SOCIAL_RENDER_QUEUE + 1).map((klip) => preview.socialImage(klip.id));
    await waitFor(() => counter.renders === 2, { message: 'the first render to start' });

    const refused = await preview.socialImage(waiting.at(-1)!.id).then(
      () => null,
      (err: unknown) => err,
    );
    expect(isAppError(refused) && [refused.status, refused.message, refused.details]).toEqual([
      429,
      klipMessages.previewBusy,
      { retryAfter: expect.any(Number) },
    ]);
    // A stored card does not wait behind the renders.
    expect((await preview.socialImage(ready.id)).equals(readyCard)).toBe(true);

    counter.release();
    await Promise.all(accepted);
    expect(counter.renders).toBe(1 + SOCIAL_RENDER_QUEUE + 1);
    expect(counter.mostAtOnce).toBe(1);
  });
});

describe('social.jpg is rate limited per address', () => {
  it(`answers ${socialImageRateLimit.max} requests a window from one address, then 429 with Retry-After; other addresses go on`, async () => {
    const klip = await storedKlip(ctx, owner.id, { isPublic: true });
    const fetchFrom = (remoteAddress: string) =>
      ctx.app.server.inject({ method: 'GET', url: `/api/klips/${klip.id}/social.jpg`, remoteAddress });
    for (let i = 0; i < socialImageRateLimit.max; i++) expect((await fetchFrom('203.0.113.9')).statusCode).toBe(200);
    const refused = await fetchFrom('203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await fetchFrom('203.0.113.10')).statusCode).toBe(200);
  });
});
