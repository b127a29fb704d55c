import { sql } from 'drizzle-orm';
import { personalWorkspaceId } from '../workspaces/personal-repo.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, person, type Person } from '#test-support/klip-people.ts';
import { insertKlipRows } from '#test-support/klip-rows.ts';
import { createTestContext, type TestContext } from '#test-support/test-app.ts';
import { STATS_WINDOW_DAYS } from '#contracts/klips.ts';
import { creditTransactions, klipVotes } from '../../db/schema/index.ts';
import { createViewerLoader } from '../access/viewer.ts';
import { createKlipService, POPULAR_TAGS_TTL_MS } from './service.ts';

// postgres-pass: driver

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

const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})` as unknown as Date;

describe('weekly stats', () => {
  it('count the last 7 days: klips by type, credits used net of refunds, votes by others on the user’s klips', async () => {
    const db = ctx.database.db;
    const old = new Date(Date.now() - 8 * 86_400_000).toISOString();
    const [image, , , , oldKlip] = await insertKlipRows(db, [
      { userId: alice.id, klipType: 'image' },
      { userId: alice.id, klipType: 'image' },
      { userId: alice.id, klipType: 'video' },
      { userId: bob.id, klipType: 'image' },
      { userId: alice.id, klipType: 'image', createdAt: old },
    ]);
    const book = async (userId: string, amount: number, type: 'usage' | 'refund', reference: string, createdAt?: Date) =>
      db.insert(creditTransactions).values({
        workspaceId: await personalWorkspaceId(db, userId),
        userId,
        amount,
        type,
        reference,
        ...(createdAt ? { createdAt } : {}),
      });
    await book(alice.id, -1, 'usage', 'stats:1');
    await book(alice.id, -5, 'usage', 'stats:2');
    await book(alice.id, 1, 'refund', 'stats:1');
    await book(alice.id, -1, 'usage', 'stats:old', daysAgo(8));
    await book(bob.id, -1, 'usage', 'stats:bob');
    await db.insert(klipVotes).values([
      { klipId: image!, userId: bob.id, voteType: 'heart' },
      { klipId: image!, userId: alice.id, voteType: 'heart' },
      { klipId: oldKlip!, userId: bob.id, voteType: 'one_star', updatedAt: daysAgo(8) },
    ]);

    const res = await callAs(ctx, alice)('GET', '/api/klips/mine/stats');
    expect(res.statusCode).toBe(200);
    // The welcome grant is not usage; the old klip, the old charge and the old vote are outside the window.
    expect(res.json()).toEqual({ imagesCreated: 2, videosCreated: 1, creditsUsed: 5, votesReceived: 1, windowDays: STATS_WINDOW_DAYS });
    expect((await callAs(ctx, null)('GET', '/api/klips/mine/stats')).statusCode).toBe(401);
  });

  it('never show negative credits used (a refund of a charge before the window)', async () => {
    const carol = await person(ctx, 'carol@example.com');
    const workspaceId = await personalWorkspaceId(ctx.database.db, carol.id);
    await ctx.database.db.insert(creditTransactions).values([
      { workspaceId, userId: carol.id, amount: -1, type: 'usage', reference: 'stats:carol', createdAt: daysAgo(8) },
      { workspaceId, userId: carol.id, amount: 1, type: 'refund', reference: 'stats:carol' },
    ]);
    expect((await callAs(ctx, carol)('GET', '/api/klips/mine/stats')).json().creditsUsed).toBe(0);
  });
});

describe('tag lists', () => {
  it("list the user's own tags with counts, most used first, then by name", async () => {
    const dave = await person(ctx, 'dave@example.com');
    await insertKlipRows(ctx.database.db, [
      { userId: dave.id, tags: ['zeta', 'alpha'] },
      { userId: dave.id, tags: ['zeta', 'beta'] },
      { userId: dave.id, tags: ['zeta'] },
      { userId: bob.id, tags: ['alpha', 'omega'], isPublic: true },
    ]);
    expect((await callAs(ctx, dave)('GET', '/api/klips/mine/tags')).json()).toEqual({
      tags: [
        { name: 'zeta', count: 3 },
        { name: 'alpha', count: 1 },
        { name: 'beta', count: 1 },
      ],
    });
  });

  it('list the 20 most used tags of public klips, cached for a minute on the server and in browsers', async () => {
    // Tag pop-NN is on NN + 1 public klips.
    const specs = Array.from({ length: 25 }, (_, i) => ({
      userId: bob.id,
      isPublic: true,
      tags: Array.from({ length: 25 }, (_tag, j) => `pop-${String(j).padStart(2, '0')}`).filter((_tag, j) => j >= i),
    }));
    await insertKlipRows(ctx.database.db, [
      ...specs,
      { userId: bob.id, isPublic: false, tags: Array.from({ length: 9 }, () => 'pop-private') },
    ]);
    const res = await callAs(ctx, null)('GET', '/api/collections/tags');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const { tags } = res.json<{ tags: Array<{ name: string; count: number }> }>();
    expect(tags).toHaveLength(20);
    expect(tags.map((t) => t.name)).not.toContain('pop-private');
    expect(tags.map((t) => t.name)).toEqual(Array.from({ length: 20 }, (_tag, i) => `pop-${String(24 - i).padStart(2, '0')}`));

    // The service keeps its answer for POPULAR_TAGS_TTL_MS.
    let now = 0;
    const service = createKlipService({
      db: ctx.database.db,
      storage: ctx.storage,
      access: createViewerLoader(),
      recordActivity: async () => {},
      jobs: ctx.jobs,
      files: ctx.services.klipFiles,
      now: () => now,
    });
    const first = await service.popularTags();
    await insertKlipRows(
      ctx.database.db,
      Array.from({ length: 40 }, () => ({ userId: bob.id, isPublic: true, tags: ['pop-new'] })),
    );
    now = POPULAR_TAGS_TTL_MS - 1;
    expect(await service.popularTags()).toEqual(first);
    now = POPULAR_TAGS_TTL_MS;
    expect((await service.popularTags())[0]).toEqual({ name: 'pop-new', count: 40 });
  });
});
