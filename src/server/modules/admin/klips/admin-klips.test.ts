import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, person, type Person } from '#test-support/klip-people.ts';
import { insertKlipRows, type SeedKlip } from '#test-support/klip-rows.ts';
import { storedKlip } from '#test-support/stored-klip.ts';
import { createTestContext, type TestContext } from '#test-support/test-app.ts';
import { ADMIN_KLIP_PAGE_SIZE, adminKlipMessages, type AdminKlipCard, type AdminKlipPage } from '#contracts/admin-klips.ts';
import { klipMessages } from '#contracts/klips.ts';
import { queryRows } from '#server/db/client.ts';
import { generationJobs, klips, klipTags, klipVotes } from '#server/db/schema/index.ts';
import { superlikeWebhookJob } from './superlike-webhook-job.ts';

// postgres-pass: driver

let ctx: TestContext;
let alice: Person;
let bob: Person;
let admin: Person;

// No SUPERLIKE_WEBHOOK_URL here: superlikes queue nothing (superlike.test.ts has the webhook).
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

/** A timestamp `seconds` after a fixed start. */
const at = (seconds: number) => new Date(Date.UTC(2025, 0, 1) + seconds * 1000).toISOString();
const ids = (cards: Array<{ id: string }>) => cards.map((c) => c.id);
const seed = (specs: SeedKlip[]) => insertKlipRows(ctx.database.db, specs);

async function page(query: string, who: Person = admin): Promise<AdminKlipPage> {
  const res = await callAs(ctx, who)('GET', `/api/admin/klips?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminKlipPage>();
}

/** Every page of the gallery, following nextCursor. */
async function allPages(query: string): Promise<AdminKlipCard[]> {
  const seen: AdminKlipCard[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < 50; n++) {
    const body = await page(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...body.klips);
    cursor = body.nextCursor;
    if (!cursor) return seen;
    expect(body.klips).toHaveLength(ADMIN_KLIP_PAGE_SIZE);
  }
  throw new Error('too many pages');
}

async function activity(klipId: string) {
  return queryRows<{ type: string; message: string; details: Record<string, unknown>; actor_id: string | null }>(
    ctx.database.db,
    sql`select type, message, details, actor_id from activity_log where details ->> 'klipId' = ${klipId} order by id`,
  );
}

describe('the Klips Gallery', () => {
  it("lists every user's klips, private ones too, newest first, 25 a page then 5, with the creator's email", async () => {
    const created = await seed(
      Array.from({ length: 30 }, (_, i) => ({
        userId: [alice.id, bob.id, admin.id][i % 3]!,
        createdAt: at(i),
        prompt: `gallery-paging ${i}`,
        isPublic: i % 2 === 0,
      })),
    );
    const first = await page('search=gallery-paging');
    expect(first.klips).toHaveLength(25);
    expect(first.nextCursor).not.toBeNull();
    const second = await page(`search=gallery-paging&cursor=${first.nextCursor}`);
    expect(second.klips).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    expect(ids([...first.klips, ...second.klips])).toEqual([...created].reverse());

    const emails = { [alice.id]: 'alice@example.com', [bob.id]: 'bob@example.com', [admin.id]: 'admin@example.com' };
    for (const card of [...first.klips, ...second.klips]) {
      expect(card.creatorEmail).toBe(emails[card.creator.id]);
      expect(card).toMatchObject({ canEdit: true, isOwner: card.creator.id === admin.id });
    }
  });

  it("filters by user, type, visibility, rating, tag and prompt on the server, and shows the admin's own vote", async () => {
    const [aliceImage, aliceVideo, bobPublic, bobTagged, bobVoted] = await seed([
      { userId: alice.id, createdAt: at(100), prompt: 'gallery-filter red mug', isPublic: false },
      { userId: alice.id, createdAt: at(101), prompt: 'gallery-filter blue mug', klipType: 'video', isPublic: true },
      { userId: bob.id, createdAt: at(102), prompt: 'gallery-filter RED chair', isPublic: true },
      { userId: bob.id, createdAt: at(103), prompt: 'gallery-filter green lamp', tags: ['gallery-summer'] },
      { userId: bob.id, createdAt: at(104), prompt: 'gallery-filter 100% wool', isPublic: true },
    ]);
    expect((await callAs(ctx, alice)('PUT', `/api/klips/${bobVoted}/vote`, { voteType: 'heart' })).statusCode).toBe(200);
    expect((await callAs(ctx, admin)('PUT', `/api/klips/${bobTagged}/vote`, { voteType: 'one_star' })).statusCode).toBe(200);

    const list = async (query: string) => ids(await allPages(`search=gallery-filter&${query}`));
    expect(await list(`userId=${alice.id}`)).toEqual([aliceVideo, aliceImage]);
    expect(await list(`userId=${bob.id}&visibility=public`)).toEqual([bobVoted, bobPublic]);
    expect(await list('type=video')).toEqual([aliceVideo]);
    expect(await list(`type=image&userId=${alice.id}`)).toEqual([aliceImage]);
    expect(await list('visibility=private')).toEqual([bobTagged, aliceImage]);
    expect(await list('rating=rated')).toEqual([bobVoted, bobTagged]);
    expect(await list('rating=unrated&visibility=public')).toEqual([bobPublic, aliceVideo]);
    expect(await list('tag=GALLERY-SUMMER')).toEqual([bobTagged]);
    expect(ids(await allPages('tag=gallery-nobody'))).toEqual([]);
    const search = (text: string) => allPages(`search=${encodeURIComponent(text)}`);
    expect(ids(await search('filter red'))).toEqual([bobPublic, aliceImage]);
    // % is a plain character, not a wildcard.
    expect(ids(await search('gallery-filter 100%'))).toEqual([bobVoted]);
    expect(ids(await search('gallery-filter 1%'))).toEqual([]);

    const [tagged] = await search('gallery-filter green');
    expect(tagged).toMatchObject({ id: bobTagged, viewerVote: 'one_star', tags: ['gallery-summer'], counts: { one_star: 1 } });
    // Alice's heart is hers: the admin sees its count, not as their vote.
    const [voted] = await search('gallery-filter 100%');
    expect(voted).toMatchObject({ viewerVote: null, counts: { heart: 1 }, creatorEmail: 'bob@example.com' });
  });

  it('answers an unknown user with an empty page, and refuses a malformed user id or cursor', async () => {
    expect(await page('userId=nobody-has-this-id')).toEqual({ klips: [], nextCursor: null });
    const bad = await callAs(ctx, admin)('GET', '/api/admin/klips?userId=not%20an%20id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(adminKlipMessages.userInvalid);
    expect((await callAs(ctx, admin)('GET', '/api/admin/klips?cursor=e30')).statusCode).toBe(400);
  });

  it('offers the most used tags over all klips, private ones included', async () => {
    await seed([
      ...Array.from({ length: 60 }, () => ({ userId: alice.id, tags: ['admintags-top'] })),
      ...Array.from({ length: 55 }, () => ({ userId: bob.id, isPublic: true, tags: ['admintags-second'] })),
    ]);
    const res = await callAs(ctx, admin)('GET', '/api/admin/klips/tags');
    expect(res.statusCode).toBe(200);
    const { tags } = res.json<{ tags: Array<{ name: string; count: number }> }>();
    expect(tags.slice(0, 2)).toEqual([
      { name: 'admintags-top', count: 60 },
      { name: 'admintags-second', count: 55 },
    ]);
    expect(tags.length).toBeLessThanOrEqual(30);
  });

  it('is for super admins only', async () => {
    for (const url of ['/api/admin/klips', '/api/admin/klips/tags']) {
      expect((await callAs(ctx, null)('GET', url)).statusCode).toBe(401);
      expect((await callAs(ctx, alice)('GET', url)).statusCode).toBe(403);
    }
  });
});

describe('deleting a klip as an admin', () => {
  it('removes the row, its votes and tags, and its files; keeps its generation job; logs it', async () => {
    const klip = await storedKlip(ctx, alice.id, { klipType: 'video', prompt: 'admin-delete a lamp' });
    const [job] = await ctx.database.db
      .insert(generationJobs)
      .values({
        userId: alice.id,
        workspaceId: klip.workspaceId,
        kind: 'video',
        status: 'succeeded',
        provider: 'local',
        modelName: 'local-video',
        input: {},
        cost: 5,
        klipId: klip.id,
      })
      .returning();
    await ctx.database.db.insert(klipVotes).values({ klipId: klip.id, userId: bob.id, voteType: 'heart' });
    await seed([{ userId: alice.id, tags: ['admin-delete-tag'] }]);
    await ctx.database.db.execute(
      sql`insert into klip_tags (klip_id, tag_id) select ${klip.id}::uuid, id from tags where name = 'admin-delete-tag'`,
    );
    const keys = [klip.mediaKey, klip.thumbnailKey!, klip.posterKey!];
    for (const key of keys) expect(await ctx.storage.get(key)).not.toBeNull();

    const res = await callAs(ctx, admin)('DELETE', `/api/admin/klips/${klip.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect(await ctx.database.db.select().from(klips).where(eq(klips.id, klip.id))).toEqual([]);
    expect(await ctx.database.db.select().from(klipVotes).where(eq(klipVotes.klipId, klip.id))).toEqual([]);
    expect(await ctx.database.db.select().from(klipTags).where(eq(klipTags.klipId, klip.id))).toEqual([]);
    for (const key of keys) expect(await ctx.storage.get(key)).toBeNull();
    const [kept] = await ctx.database.db.select().from(generationJobs).where(eq(generationJobs.id, job!.id));
    expect(kept).toMatchObject({ status: 'succeeded', cost: 5, klipId: null });

    expect(await activity(klip.id)).toEqual([
      {
        type: 'klip_deleted',
        message: "Deleted alice@example.com's video klip",
        details: { klipId: klip.id, ownerEmail: 'alice@example.com', prompt: 'admin-delete a lamp', klipType: 'video' },
        actor_id: admin.id,
      },
    ]);
    expect((await callAs(ctx, alice)('GET', `/api/klips/${klip.id}`)).statusCode).toBe(404);
    expect((await callAs(ctx, null)('GET', `/files/${klip.mediaKey}`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown klip, 400 for a malformed id, 403 to non-admins (the owner too)', async () => {
    const missing = await callAs(ctx, admin)('DELETE', '/api/admin/klips/0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(klipMessages.notFound);
    expect((await callAs(ctx, admin)('DELETE', '/api/admin/klips/not-a-uuid')).statusCode).toBe(400);

    const klip = await storedKlip(ctx, alice.id);
    expect((await callAs(ctx, alice)('DELETE', `/api/admin/klips/${klip.id}`)).statusCode).toBe(403);
    expect((await callAs(ctx, null)('DELETE', `/api/admin/klips/${klip.id}`)).statusCode).toBe(401);
    expect(await ctx.storage.get(klip.mediaKey)).not.toBeNull();
    expect(await activity(klip.id)).toEqual([]);
  });

  it('removes the exports made of the klip too', async () => {
    const klip = await storedKlip(ctx, bob.id);
    expect((await callAs(ctx, bob)('GET', `/api/klips/${klip.id}/exports/amazon-main`)).statusCode).toBe(200);
    expect((await callAs(ctx, bob)('GET', `/api/klips/${klip.id}/exports/story?fit=fill`)).statusCode).toBe(200);
    const cached = [`exports/${klip.id}/amazon-main-pad.jpg`, `exports/${klip.id}/story-fill.jpg`];
    for (const key of cached) expect(await ctx.storage.get(key)).not.toBeNull();
    expect((await callAs(ctx, admin)('DELETE', `/api/admin/klips/${klip.id}`)).statusCode).toBe(204);
    for (const key of cached) expect(await ctx.storage.get(key)).toBeNull();
  });

  it('still deletes the klip when a file cannot be removed', async () => {
    const klip = await storedKlip(ctx, bob.id);
    const original = ctx.storage.delete.bind(ctx.storage);
    ctx.storage.delete = async (key) => {
      if (key === klip.thumbnailKey) throw new Error('disk says no');
      return original(key);
    };
    try {
      expect((await callAs(ctx, admin)('DELETE', `/api/admin/klips/${klip.id}`)).statusCode).toBe(204);
    } finally {
      ctx.storage.delete = original;
    }
    expect(await ctx.database.db.select().from(klips).where(eq(klips.id, klip.id))).toEqual([]);
    expect(await ctx.storage.get(klip.mediaKey)).toBeNull();
    expect((await activity(klip.id)).map((e) => e.type)).toEqual(['klip_deleted']);
  });
});

const setVisibility = (who: Person, klipId: string, isPublic: boolean) =>
  callAs(ctx, who)('PUT', `/api/klips/${klipId}/visibility`, { isPublic });

describe('visibility changes', () => {
  it("are logged when a super admin changes someone else's klip, not when the owner does", async () => {
    const [klipId] = await seed([{ userId: alice.id, prompt: 'visibility-log', isPublic: false }]);
    expect((await setVisibility(alice, klipId!, true)).statusCode).toBe(200);
    expect(await activity(klipId!)).toEqual([]);

    expect((await setVisibility(admin, klipId!, false)).json()).toEqual({ isPublic: false });
    // The same value again changes nothing, and logs nothing.
    expect((await setVisibility(admin, klipId!, false)).statusCode).toBe(200);
    expect(await activity(klipId!)).toEqual([
      {
        type: 'klip_visibility_changed',
        message: "Made alice@example.com's klip private",
        details: { klipId, ownerEmail: 'alice@example.com', isPublic: false },
        actor_id: admin.id,
      },
    ]);

    const [own] = await seed([{ userId: admin.id, prompt: 'visibility-own' }]);
    expect((await setVisibility(admin, own!, true)).statusCode).toBe(200);
    expect(await activity(own!)).toEqual([]);
  });
});

describe('superlikes without a webhook configured', () => {
  it('count the vote and queue no job', async () => {
    const [klipId] = await seed([{ userId: alice.id, prompt: 'superlike-no-webhook' }]);
    const res = await callAs(ctx, admin)('PUT', `/api/admin/klips/${klipId}/superlike`, { superlike: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ counts: { archived: 0, one_star: 0, two_stars: 0, heart: 0, superlike: 1 }, viewerVote: 'superlike' });
    const [queued] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from pgboss.job where name = ${superlikeWebhookJob.name}`,
    );
    expect(queued!.n).toBe(0);
  });
});
