import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, person, type Person } from '#test-support/klip-people.ts';
import { insertKlipRows, insertUsers, type SeedKlip } from '#test-support/klip-rows.ts';
import { createTestContext, type TestContext } from '#test-support/test-app.ts';
import { klipMessages, type KlipPage } from '#contracts/klips.ts';
import { klips, klipVotes, userProfiles } from '../../db/schema/index.ts';
import { RARE_TAG_KLIPS } from './list-query.ts';

// postgres-pass: driver

let ctx: TestContext;
let alice: Person;
let bob: Person;
let admin: Person;

beforeAll(async () => {
  ctx = await createTestContext({ workers: false, rateLimits: false });
  [alice, bob, admin] = await Promise.all([
    person(ctx, 'alice@example.com'),
    person(ctx, 'bob@example.com'),
    person(ctx, 'admin@example.com', { superAdmin: true }),
  ]);
});
afterAll(async () => {
  await ctx.close();
});

/** A timestamp `seconds` after a fixed start, with microseconds. */
const at = (seconds: number, micros = 0) =>
  new Date(Date.UTC(2025, 0, 1) + seconds * 1000).toISOString().replace('Z', `${String(micros).padStart(3, '0')}Z`);

async function seed(specs: SeedKlip[]) {
  return insertKlipRows(ctx.database.db, specs);
}

/** Every page of a list, following nextCursor; `between` runs after each page. */
async function allPages(who: Person | null, url: string, between?: (page: number, lastId: string) => Promise<void>) {
  const seen: KlipPage['klips'] = [];
  let cursor: string | null = null;
  for (let page = 1; page < 100; page++) {
    const res = await callAs(ctx, who)('GET', `${url}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<KlipPage>();
    expect(body.klips.length).toBeLessThanOrEqual(12);
    seen.push(...body.klips);
    cursor = body.nextCursor;
    if (!cursor) return seen;
    expect(body.klips).toHaveLength(12);
    await between?.(page, body.klips.at(-1)!.id);
  }
  throw new Error('too many pages');
}
const find = async (search: string) => ids(await allPages(null, `/api/collections?search=${encodeURIComponent(search)}`));
const ids = (cards: Array<{ id: string }>) => cards.map((c) => c.id);

describe('the dashboard', () => {
  it("lists the user's own klips newest first, 12 a page, filtered by prompt, type and tag", async () => {
    const own = await seed(
      Array.from({ length: 14 }, (_, i) => ({
        userId: alice.id,
        createdAt: at(i),
        prompt: `Dash${i % 2 ? ' Perfume bottle' : ' sneaker'} ${i}`,
        klipType: i % 7 === 0 ? ('video' as const) : ('image' as const),
        tags: i < 3 ? ['dash-summer'] : [],
      })),
    );
    await seed([{ userId: bob.id, createdAt: at(100), prompt: 'Dash bob perfume', isPublic: true, tags: ['dash-summer'] }]);

    const listed = await allPages(alice, '/api/klips/mine?search=dash');
    expect(ids(listed)).toEqual([...own].reverse());
    expect(listed.every((k) => k.isOwner && k.canEdit)).toBe(true);

    const perfume = await allPages(alice, '/api/klips/mine?search=PERFUME');
    expect(ids(perfume)).toEqual(own.filter((_, i) => i % 2 === 1).reverse());
    const videos = await allPages(alice, '/api/klips/mine?search=dash&type=video');
    expect(ids(videos)).toEqual([own[7], own[0]]);
    const tagged = await allPages(alice, '/api/klips/mine?tag=DASH-SUMMER');
    expect(ids(tagged)).toEqual([own[2], own[1], own[0]]);
    expect(tagged[0]!.tags).toEqual(['dash-summer']);
  });

  it('is for signed-in users only', async () => {
    expect((await callAs(ctx, null)('GET', '/api/klips/mine')).statusCode).toBe(401);
  });
});

describe('the collection', () => {
  it('shows public klips only, to visitors too, with the creator and the viewer’s vote', async () => {
    const [pub, priv] = await seed([
      { userId: alice.id, createdAt: at(200), prompt: 'coll-vis public mug', isPublic: true },
      { userId: alice.id, createdAt: at(201), prompt: 'coll-vis private mug', isPublic: false },
    ]);
    await ctx.database.db
      .update(userProfiles)
      .set({ displayName: 'Alice A.', avatarKey: `avatars/${alice.id}/avatar.webp` })
      .where(eq(userProfiles.userId, alice.id));
    await ctx.database.db.insert(klipVotes).values({ klipId: pub!, userId: bob.id, voteType: 'heart' });

    const asVisitor = await allPages(null, '/api/collections?search=coll-vis');
    expect(ids(asVisitor)).toEqual([pub]);
    expect(asVisitor[0]!.creator).toMatchObject({ id: alice.id, displayName: 'Alice A.' });
    expect(asVisitor[0]!.creator.avatarUrl).toMatch(new RegExp(`^/files/avatars/${alice.id}/avatar\\.webp\\?v=\\d+$`));
    expect(asVisitor[0]).toMatchObject({ viewerVote: null, isOwner: false, canEdit: false });

    const asBob = await allPages(bob, '/api/collections?search=coll-vis');
    expect(asBob[0]).toMatchObject({ viewerVote: 'heart', isOwner: false, canEdit: false });
    // The owner and super admins see the private one only where it is theirs to see: the dashboard, the klip itself.
    expect(ids(await allPages(alice, '/api/collections?search=coll-vis'))).toEqual([pub]);
    expect(ids(await allPages(admin, '/api/collections?search=coll-vis'))).toEqual([pub]);
    expect((await allPages(admin, '/api/collections?search=coll-vis'))[0]!.canEdit).toBe(true);
    expect(ids(await allPages(bob, '/api/klips/mine?search=coll-vis'))).toEqual([]);
    expect(priv).toBeDefined();
  });

  it('keeps its place while klips are added between pages, even with the same created_at to the microsecond', async () => {
    // 30 klips share one microsecond: a cursor rounded to milliseconds (a JS Date) would skip or repeat them.
    const same = '2025-02-01T10:00:00.123456Z';
    const specs: SeedKlip[] = [
      ...Array.from({ length: 30 }, () => ({ userId: alice.id, createdAt: same, prompt: 'keyset-run', isPublic: true })),
      ...Array.from({ length: 10 }, (_, i) => ({
        userId: bob.id,
        createdAt: `2025-02-01T10:00:00.1234${50 + i}Z`,
        prompt: 'keyset-run',
        isPublic: true,
      })),
      ...Array.from({ length: 10 }, (_, i) => ({
        userId: bob.id,
        createdAt: `2025-02-01T10:00:00.1234${60 + i}Z`,
        prompt: 'keyset-run',
        isPublic: true,
      })),
    ];
    const original = await seed(specs);
    const times = new Map(original.map((id, i) => [id, specs[i]!.createdAt!]));
    const key = (id: string) => `${times.get(id)} ${id}`;
    /** Klips added behind the page already shown: each must come on a later page. */
    const mustCome: string[] = [];

    const seen = await allPages(bob, '/api/collections?search=keyset-run&sort=latest', async (page, lastId) => {
      // Newer klips, klips at the very same microsecond (some sort before the cursor, some after) and older ones.
      const more: SeedKlip[] = [
        { userId: alice.id, createdAt: `2025-03-0${page}T00:00:00.000001Z`, prompt: 'keyset-run', isPublic: true },
        ...Array.from({ length: 3 }, () => ({ userId: alice.id, createdAt: same, prompt: 'keyset-run', isPublic: true })),
        { userId: alice.id, createdAt: `2025-01-${String(20 - page)}T00:00:00.000000Z`, prompt: 'keyset-run', isPublic: true },
      ];
      const newIds = await seed(more);
      newIds.forEach((id, i) => times.set(id, more[i]!.createdAt!));
      mustCome.push(...newIds.filter((id) => key(id) < key(lastId)));
    });

    const seenIds = ids(seen);
    expect(new Set(seenIds).size).toBe(seenIds.length);
    for (const id of original) expect(seenIds).toContain(id);
    // Strictly newest first by (created_at, id): nothing repeated, nothing out of place.
    const keys = seenIds.map(key);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(mustCome.length).toBeGreaterThan(4);
    expect(mustCome.filter((id) => !seenIds.includes(id))).toEqual([]);
  });

  it('filters by tag on the server across pages (30 tagged among 100)', async () => {
    const specs = Array.from({ length: 100 }, (_, i) => ({
      userId: i % 2 ? alice.id : bob.id,
      createdAt: at(1000 + i),
      prompt: `tagpages ${i}`,
      isPublic: true,
      tags: i % 10 < 3 ? ['tagpages-red', 'tagpages-any'] : ['tagpages-any'],
    }));
    const all = await seed(specs);
    // A private klip with the tag, newest of all, is left out of the visitor's pages.
    await seed([{ userId: alice.id, createdAt: at(1200), prompt: 'tagpages private', isPublic: false, tags: ['tagpages-red'] }]);
    const tagged = await allPages(null, '/api/collections?tag=tagpages-red');
    expect(ids(tagged)).toEqual(all.filter((_, i) => i % 10 < 3).reverse());
    expect(tagged.every((k) => k.tags.includes('tagpages-red'))).toBe(true);
    const top = await allPages(null, '/api/collections?tag=tagpages-red&sort=top');
    expect(ids(top)).toHaveLength(30);
    // Upper case reads as the tag; a tag nobody uses is an empty list, and a bad cursor is still refused.
    expect(ids(await allPages(null, '/api/collections?tag=TAGPAGES-RED&sort=trending'))).toEqual(ids(tagged));
    expect((await callAs(ctx, null)('GET', '/api/collections?tag=tagpages-none')).json()).toEqual({ klips: [], nextCursor: null });
    expect((await callAs(ctx, null)('GET', '/api/collections?tag=tagpages-none&cursor=e30')).statusCode).toBe(400);
  });

  it(`reads a tag on more than ${RARE_TAG_KLIPS} klips as a common one: the same pages, private klips left out`, async () => {
    const specs = Array.from({ length: RARE_TAG_KLIPS + 15 }, (_, i) => ({
      userId: i % 2 ? alice.id : bob.id,
      createdAt: at(5000 + i),
      prompt: `tagcommon ${i}`,
      // The newest is private: a visitor's first page starts one below it.
      isPublic: i !== RARE_TAG_KLIPS + 14,
      tags: ['tagcommon'],
    }));
    const all = await seed(specs);
    const newestPublic = all.slice(0, -1).reverse();
    const first = (await callAs(ctx, null)('GET', '/api/collections?tag=tagcommon')).json<KlipPage>();
    expect(ids(first.klips)).toEqual(newestPublic.slice(0, 12));
    const second = (await callAs(ctx, null)('GET', `/api/collections?tag=tagcommon&cursor=${first.nextCursor}`)).json<KlipPage>();
    expect(ids(second.klips)).toEqual(newestPublic.slice(12, 24));
    const top = (await callAs(ctx, null)('GET', '/api/collections?tag=TAGCOMMON&sort=top')).json<KlipPage>();
    expect(top.klips).toHaveLength(12);
    expect(top.klips.every((k) => k.tags.includes('tagcommon'))).toBe(true);
  });

  it('searches prompts case-insensitively and takes %, _ and \\ literally', async () => {
    const [percent, underscore, backslash] = await seed([
      { userId: alice.id, prompt: 'esc 100% Cotton', isPublic: true, createdAt: at(3000) },
      { userId: alice.id, prompt: 'esc snake_case label', isPublic: true, createdAt: at(3001) },
      { userId: alice.id, prompt: 'esc back\\slash sign', isPublic: true, createdAt: at(3002) },
      { userId: alice.id, prompt: 'esc 100 cotton plain', isPublic: true, createdAt: at(3003) },
      { userId: alice.id, prompt: 'esc snakeXcase', isPublic: true, createdAt: at(3004) },
    ]);
    expect(await find('100% COTTON')).toEqual([percent]);
    expect(await find('e_c')).toEqual([underscore]);
    expect(await find('k\\s')).toEqual([backslash]);
    expect(await find('0% c')).toEqual([percent]);
  });

  it('orders top rated by rating score, then newest, across pages', async () => {
    const specs = Array.from({ length: 20 }, (_, i) => ({ userId: alice.id, prompt: 'toporder', isPublic: true, createdAt: at(4000 + i) }));
    const created = await seed(specs);
    const scores = created.map((_, i) => (i * 7) % 5);
    for (const [i, id] of created.entries()) await ctx.database.db.update(klips).set({ ratingScore: scores[i]! }).where(eq(klips.id, id));
    const expected = created.map((id, i) => ({ id, score: scores[i]!, i })).sort((a, b) => b.score - a.score || b.i - a.i);
    expect(ids(await allPages(bob, '/api/collections?search=toporder&sort=top'))).toEqual(ids(expected));
  });

  it('orders trending by hearts of the last 7 days, then newest, then the rest newest first, across pages', async () => {
    const created = await seed(
      Array.from({ length: 30 }, (_, i) => ({ userId: alice.id, prompt: 'trendorder', isPublic: true, createdAt: at(5000 + i) })),
    );
    const voters = await insertUsers(ctx.database.db, 6, 'trend-voter');
    const recentHearts = created.map((_, i) => (i < 16 ? (i * 3) % 5 : 0));
    const votes = created.flatMap((klipId, i) => [
      ...voters.slice(0, recentHearts[i]).map((userId) => ({ klipId, userId, voteType: 'heart' as const })),
      // Old hearts and other votes do not count.
      ...(i % 4 === 3
        ? [{ klipId, userId: voters[4]!, voteType: 'heart' as const, updatedAt: sql`now() - interval '8 days'` as unknown as Date }]
        : []),
      ...(i % 5 === 1 ? [{ klipId, userId: voters[5]!, voteType: 'two_stars' as const }] : []),
    ]);
    await ctx.database.db.insert(klipVotes).values(votes);
    const expected = created.map((id, i) => ({ id, hearts: recentHearts[i]!, i })).sort((a, b) => b.hearts - a.hearts || b.i - a.i);
    expect(ids(await allPages(null, '/api/collections?search=trendorder&sort=trending'))).toEqual(ids(expected));
  });

  it('refuses a cursor of another sort, or garbage, with the cursor message', async () => {
    await seed(
      Array.from({ length: 13 }, (_, i) => ({ userId: alice.id, prompt: 'cursor-sort', isPublic: true, createdAt: at(6000 + i) })),
    );
    const first = (await callAs(ctx, null)('GET', '/api/collections?search=cursor-sort&sort=latest')).json<KlipPage>();
    expect(first.nextCursor).not.toBeNull();
    for (const url of [
      `/api/collections?search=cursor-sort&sort=top&cursor=${first.nextCursor}`,
      `/api/collections?search=cursor-sort&sort=trending&cursor=${first.nextCursor}`,
      '/api/collections?cursor=bm90LWEtY3Vyc29y',
      '/api/klips/mine?cursor=e30',
    ]) {
      const res = await callAs(ctx, alice)('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: { code: 'VALIDATION_FAILED', message: klipMessages.cursorInvalid } });
    }
  });
});

describe('one klip (share data)', () => {
  it('gives a visitor a public klip with its creator, counts, model name, tags and attributes', async () => {
    const [id] = await seed([
      {
        userId: alice.id,
        prompt: 'share me',
        isPublic: true,
        modelName: 'AI Product Photo Editor',
        tags: ['share-b', 'share-a'],
        attributes: { seed: '42', aspect_ratio: '1:1' },
      },
    ]);
    await ctx.database.db.update(klips).set({ heartCount: 2, oneStarCount: 1, ratingScore: 7 }).where(eq(klips.id, id!));
    const res = await callAs(ctx, null)('GET', `/api/klips/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      prompt: 'share me',
      modelDisplayName: 'Klipt AI Editor',
      creator: { id: alice.id, displayName: 'Alice A.' },
      counts: { archived: 0, one_star: 1, two_stars: 0, heart: 2, superlike: 0 },
      tags: ['share-a', 'share-b'],
      attributes: [
        { name: 'aspect_ratio', value: '1:1' },
        { name: 'seed', value: '42' },
      ],
      viewerVote: null,
      isOwner: false,
      canEdit: false,
      isPublic: true,
    });
    expect(res.json().imageUrl).toBe(`/files/klips/${alice.id}/${id}.png`);
  });

  it('names the model as generation recorded it: a standard model by its display name, a trained model by its own name', async () => {
    const recorded = ['Klipt Ultra 1.1', 'Aurora Skin v2', 'Flux 1.1 Pro Ultra'];
    const seeded = await seed(recorded.map((modelName) => ({ userId: alice.id, prompt: `model ${modelName}`, isPublic: true, modelName })));
    const shown = await Promise.all(seeded.map(async (id) => (await callAs(ctx, null)('GET', `/api/klips/${id}`)).json().modelDisplayName));
    expect(shown).toEqual(['Klipt Ultra 1.1', 'Aurora Skin v2', 'Klipt Ultra 1.1']);
  });

  it('answers "not found" for a private klip to everyone but its owner and super admins, downloads included', async () => {
    const [id] = await seed([{ userId: alice.id, prompt: 'secret', isPublic: false }]);
    for (const who of [null, bob]) {
      const res = await callAs(ctx, who)('GET', `/api/klips/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(klipMessages.notFound);
      expect((await callAs(ctx, who)('GET', `/api/klips/${id}/download`)).statusCode).toBe(404);
    }
    expect((await callAs(ctx, alice)('GET', `/api/klips/${id}`)).json()).toMatchObject({ isOwner: true, canEdit: true });
    expect((await callAs(ctx, admin)('GET', `/api/klips/${id}`)).json()).toMatchObject({ isOwner: false, canEdit: true });
    expect((await callAs(ctx, null)('GET', '/api/klips/0f8fad5b-d9cb-469f-a165-70867728950e')).statusCode).toBe(404);
    expect(
      await ctx.database.db
        .select({ id: klips.id })
        .from(klips)
        .where(inArray(klips.id, [id!])),
    ).toHaveLength(1);
  });
});
