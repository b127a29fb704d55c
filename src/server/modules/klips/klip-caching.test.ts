import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey } from '#test-support/api-keys.ts';
import { callAs, person, type Person } from '#test-support/klip-people.ts';
import { insertKlipRows } from '#test-support/klip-rows.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { givePlan } from '#test-support/workspaces.ts';
import { VISITOR_CACHE_CONTROL, VISITOR_CACHE_SECONDS } from '../../http/visitor-cache.ts';
import { personalWorkspaceId } from '../workspaces/personal-repo.ts';

// postgres-pass: same

// The collections page and a share page, as visitors and caches in front of Klipt see their data
// (docs/operations.md#caching-public-pages).

let ctx: TestContext;
let alice: Person;
let bob: Person;

beforeAll(async () => {
  ctx = await createTestContext({ workers: false, rateLimits: false });
  [alice, bob] = await Promise.all([person(ctx, 'alice@example.com'), person(ctx, 'bob@example.com')]);
});
afterAll(async () => {
  await ctx.close();
});

const COLLECTION = '/api/collections';
/** A GET as a visitor (no cookie) or as `who`, with extra headers. */
const get = (url: string, headers: Record<string, string> = {}, who: Person | null = null) =>
  ctx.app.server.inject({ method: 'GET', url, headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) } });

/** The ETag a visitor gets now, after checking the answer is a shareable 200. */
async function visitorEtag(url: string): Promise<string> {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['cache-control'], url).toBe(VISITOR_CACHE_CONTROL);
  const etag = res.headers['etag'];
  expect(etag, url).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
  return etag as string;
}

const seconds = (cacheControl: string, directive: string) => Number(new RegExp(`${directive}=(\\d+)`).exec(cacheControl)?.[1]);

describe('visitors', () => {
  it('get the collection and a klip with an ETag, a public lifetime of at most the stated minute, and Vary on Cookie and Authorization', async () => {
    // Enough klips that the page is worth compressing.
    const prompt = 'A ceramic mug of black coffee on a walnut desk beside a notebook, morning window light, shallow focus';
    const [id] = await insertKlipRows(
      ctx.database.db,
      Array.from({ length: 6 }, () => ({ userId: alice.id, isPublic: true, prompt })),
    );
    for (const url of [COLLECTION, `${COLLECTION}?sort=trending`, `/api/klips/${id}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['etag'], url).toBeDefined();
      expect(res.headers['vary'], url).toMatch(/Cookie/);
      expect(res.headers['vary'], url).toMatch(/Authorization/);
      const cacheControl = String(res.headers['cache-control']);
      expect(cacheControl.split(/,\s*/).sort(), url).toEqual(['max-age=' + VISITOR_CACHE_SECONDS, 'public']);
    }
    // Compressed, the same answer keeps its (weak) ETag and still varies on the caller.
    const plain = await get(COLLECTION);
    const gzipped = await get(COLLECTION, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['etag']).toBe(plain.headers['etag']);
    expect(gzipped.headers['vary']).toMatch(/Cookie/);
    expect(gzipped.headers['vary']).toMatch(/accept-encoding/i);
    // The bound docs/operations.md states: a klip made private is out of every cache within a minute.
    // Nothing else in the header may stretch it (stale-while-revalidate, s-maxage, stale-if-error).
    expect(seconds(VISITOR_CACHE_CONTROL, 'max-age')).toBe(VISITOR_CACHE_SECONDS);
    expect(VISITOR_CACHE_SECONDS).toBeLessThanOrEqual(60);
  });

  it('get 304 without a body for a matching If-None-Match, and the answer again for a stale one', async () => {
    const [id] = await insertKlipRows(ctx.database.db, [{ userId: alice.id, isPublic: true }]);
    for (const url of [COLLECTION, `/api/klips/${id}`]) {
      const etag = await visitorEtag(url);
      for (const ifNoneMatch of [etag, etag.replace(/^W\//, ''), `W/"other", ${etag}`, '*']) {
        const again = await get(url, { 'if-none-match': ifNoneMatch });
        expect(again.statusCode, `${url} ${ifNoneMatch}`).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers['etag']).toBe(etag);
        expect(again.headers['cache-control']).toBe(VISITOR_CACHE_CONTROL);
        expect(again.headers['vary']).toMatch(/Cookie/);
      }
      const stale = await get(url, { 'if-none-match': 'W/"not-this-one"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.headers['etag']).toBe(etag);
      expect(stale.json()).toBeTruthy();
    }
  });

  it('see a new ETag after a vote and after a new klip is published', async () => {
    const [id] = await insertKlipRows(ctx.database.db, [{ userId: alice.id, isPublic: true }]);
    const klipUrl = `/api/klips/${id}`;
    const [klipBefore, listBefore] = [await visitorEtag(klipUrl), await visitorEtag(COLLECTION)];
    expect((await callAs(ctx, bob)('PUT', `${klipUrl}/vote`, { voteType: 'heart' })).statusCode).toBe(200);
    const [klipAfterVote, listAfterVote] = [await visitorEtag(klipUrl), await visitorEtag(COLLECTION)];
    expect(klipAfterVote).not.toBe(klipBefore);
    expect(listAfterVote).not.toBe(listBefore);
    expect((await get(klipUrl, { 'if-none-match': klipBefore })).statusCode).toBe(200);

    await insertKlipRows(ctx.database.db, [{ userId: bob.id, isPublic: true }]);
    expect(await visitorEtag(COLLECTION)).not.toBe(listAfterVote);
    expect((await get(COLLECTION, { 'if-none-match': listAfterVote })).statusCode).toBe(200);
  });

  it('lose a klip made private: its API answers 404, never cacheable, and the collection’s ETag changes', async () => {
    const [id] = await insertKlipRows(ctx.database.db, [{ userId: alice.id, isPublic: true }]);
    const klipUrl = `/api/klips/${id}`;
    const [klipEtag, listEtag] = [await visitorEtag(klipUrl), await visitorEtag(COLLECTION)];
    const hidden = await ctx.app.server.inject({
      method: 'PUT',
      url: `${klipUrl}/visibility`,
      headers: { ...SAME_ORIGIN, cookie: alice.cookie },
      payload: { isPublic: false },
    });
    expect(hidden.statusCode).toBe(200);

    for (const headers of [{}, { 'if-none-match': klipEtag }] as Array<Record<string, string>>) {
      const gone = await get(klipUrl, headers);
      expect(gone.statusCode).toBe(404);
      expect(gone.headers['cache-control']).toBe('no-store');
      expect(gone.headers['etag']).toBeUndefined();
    }
    const list = await get(COLLECTION, { 'if-none-match': listEtag });
    expect(list.statusCode).toBe(200);
    expect(list.headers['etag']).not.toBe(listEtag);
    expect(list.json<{ klips: { id: string }[] }>().klips.map((k) => k.id)).not.toContain(id);

    // Its owner still reads it, privately.
    const own = await get(klipUrl, {}, alice);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.headers['etag']).toBeUndefined();
  });
});

describe('signed-in callers', () => {
  it('get answers no cache keeps (no-store, no ETag, never 304), varying on Cookie', async () => {
    const [id] = await insertKlipRows(ctx.database.db, [{ userId: alice.id, isPublic: true }]);
    for (const url of [COLLECTION, `/api/klips/${id}`]) {
      const visitorTag = await visitorEtag(url);
      for (const headers of [{}, { 'if-none-match': visitorTag }, { 'if-none-match': '*' }] as Array<Record<string, string>>) {
        const res = await get(url, headers, bob);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-store');
        expect(res.headers['etag'], url).toBeUndefined();
        expect(res.headers['vary'], url).toMatch(/Cookie/);
      }
    }
  });
});

describe('API key callers', () => {
  it('get the klip no cache keeps, even where a visitor’s ETag matches', async () => {
    const workspace = await personalWorkspaceId(ctx.database.db, bob.id);
    await givePlan(ctx.database.db, workspace, bob.id, 'scale');
    const { secret } = await createKey({ db: ctx.database.db, services: ctx.services }, bob.id, workspace, { scopes: ['read'] });
    const [id] = await insertKlipRows(ctx.database.db, [{ userId: alice.id, isPublic: true }]);
    const url = `/api/klips/${id}`;
    const visitorTag = await visitorEtag(url);
    const res = await get(url, { ...bearer(secret), 'if-none-match': visitorTag });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['etag']).toBeUndefined();
    expect(res.headers['vary']).toMatch(/Authorization/);
  });
});
