import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, person, type Person } from '#test-support/klip-people.ts';
import { insertKlipRows } from '#test-support/klip-rows.ts';
import { createTestContext, type TestContext } from '#test-support/test-app.ts';
import { userVoteTypes, voteTypes, voteWeights } from '#contracts/klip-kinds.ts';
import { klipMessages } from '#contracts/klips.ts';
import { queryRows } from '../../db/client.ts';
import { klips } from '../../db/schema/index.ts';

// postgres-pass: concurrency

let ctx: TestContext;
let alice: Person;
let bob: Person;
let carol: Person;
let admin: Person;

beforeAll(async () => {
  ctx = await createTestContext({ workers: false, rateLimits: false });
  [alice, bob, carol, admin] = await Promise.all([
    person(ctx, 'alice@example.com'),
    person(ctx, 'bob@example.com'),
    person(ctx, 'carol@example.com'),
    person(ctx, 'admin@example.com', { superAdmin: true }),
  ]);
});
afterAll(async () => {
  await ctx.close();
});

const vote = (who: Person | null, klipId: string, voteType: string | null) =>
  callAs(ctx, who)('PUT', `/api/klips/${klipId}/vote`, { voteType });

async function klipRow(id: string) {
  const [row] = await ctx.database.db.select().from(klips).where(eq(klips.id, id));
  return row!;
}

/** The counters and rating score as klip_votes says they must be. */
async function recomputed(klipId: string) {
  const rows = await queryRows<{ vote_type: string; n: number }>(
    ctx.database.db,
    sql`select vote_type, count(*)::int as n from klip_votes where klip_id = ${klipId} group by vote_type`,
  );
  const counts = Object.fromEntries(voteTypes.map((t) => [t, rows.find((r) => r.vote_type === t)?.n ?? 0]));
  const rating = voteTypes.reduce((sum, t) => sum + counts[t]! * voteWeights[t], 0);
  return { counts, rating };
}

async function expectInvariant(klipId: string) {
  const row = await klipRow(klipId);
  const { counts, rating } = await recomputed(klipId);
  expect({
    archived: row.archivedCount,
    one_star: row.oneStarCount,
    two_stars: row.twoStarsCount,
    heart: row.heartCount,
    superlike: row.superlikeCount,
  }).toEqual(counts);
  expect(row.ratingScore).toBe(rating);
}

describe('votes', () => {
  it('are one per user per klip: a new type changes it, the same type again changes nothing, null removes it', async () => {
    const [id] = await insertKlipRows(ctx.database.db, [{ userId: alice.id, isPublic: true }]);
    const heart = await vote(bob, id!, 'heart');
    expect(heart.statusCode).toBe(200);
    expect(heart.json()).toEqual({ counts: { archived: 0, one_star: 0, two_stars: 0, heart: 1, superlike: 0 }, viewerVote: 'heart' });
    expect((await klipRow(id!)).ratingScore).toBe(voteWeights.heart);

    expect((await vote(carol, id!, 'one_star')).json().counts).toMatchObject({ heart: 1, one_star: 1 });
    const changed = (await vote(bob, id!, 'two_stars')).json();
    expect(changed).toEqual({ counts: { archived: 0, one_star: 1, two_stars: 1, heart: 0, superlike: 0 }, viewerVote: 'two_stars' });
    expect((await klipRow(id!)).ratingScore).toBe(voteWeights.two_stars + voteWeights.one_star);
    expect((await vote(bob, id!, 'two_stars')).json()).toEqual(changed);
    await expectInvariant(id!);

    const card = (await callAs(ctx, bob)('GET', `/api/klips/${id}`)).json();
    expect(card).toMatchObject({ viewerVote: 'two_stars', counts: { two_stars: 1, one_star: 1 } });

    const removed = (await vote(bob, id!, null)).json();
    expect(removed).toEqual({ counts: { archived: 0, one_star: 1, two_stars: 0, heart: 0, superlike: 0 }, viewerVote: null });
    expect((await vote(bob, id!, null)).json()).toEqual(removed);
    expect((await vote(bob, id!, 'archived')).json().counts.archived).toBe(1);
    await expectInvariant(id!);
    expect((await klipRow(id!)).ratingScore).toBe(voteWeights.one_star + voteWeights.archived);
  });

  it('go only on klips the voter may see: a private klip is "not found" to others', async () => {
    const [secret] = await insertKlipRows(ctx.database.db, [{ userId: alice.id, isPublic: false }]);
    const refused = await vote(bob, secret!, 'heart');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(klipMessages.notFound);
    expect((await vote(bob, '0f8fad5b-d9cb-469f-a165-70867728950e', 'heart')).statusCode).toBe(404);
    expect((await vote(alice, secret!, 'heart')).statusCode).toBe(200);
    expect((await vote(admin, secret!, 'one_star')).statusCode).toBe(200);
    expect((await vote(null, secret!, 'heart')).statusCode).toBe(401);
    await expectInvariant(secret!);
  });

  it('refuse superlike and unknown types with the vote message', async () => {
    const [id] = await insertKlipRows(ctx.database.db, [{ userId: alice.id, isPublic: true }]);
    for (const voteType of ['superlike', 'love']) {
      const res = await vote(admin, id!, voteType);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(klipMessages.voteTypeInvalid);
    }
  });

  it('keep counters and rating score equal to the votes after 50 concurrent mixed votes', async () => {
    const [one, two] = await insertKlipRows(ctx.database.db, [
      { userId: alice.id, isPublic: true },
      { userId: bob.id, isPublic: true },
    ]);
    const voters = [alice, bob, carol, admin];
    const choices = [...userVoteTypes, null];
    // A fixed mix: every voter casts, changes and removes votes on both klips, all at once.
    const requests = Array.from({ length: 50 }, (_, i) => vote(voters[i % 4]!, i % 3 === 0 ? two! : one!, choices[(i * 7) % 5]!));
    const answers = await Promise.all(requests);
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    await expectInvariant(one!);
    await expectInvariant(two!);
    const { counts } = await recomputed(one!);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });
});
