import { randomUUID } from 'node:crypto';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, waitForEmail } from '#test-support/mailbox.ts';
import { signIn, verifiedUser } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, TEST_APP_URL, type TestContext } from '#test-support/test-app.ts';
import { ADMIN_WAITLIST_PAGE_SIZE, adminWaitlistMessages, type AdminWaitlistEntry } from '#contracts/admin-waitlist.ts';
import { queryRows } from '#server/db/client.ts';
import { activityLog, waitlist } from '#server/db/schema/index.ts';
import { makeSuperAdmin } from '../bootstrap.ts';
import { sendEmailJob } from '../../mail/jobs.ts';

// postgres-pass: concurrency

const INVITATION = 'Your Klipt beta spot is ready';

let ctx: TestContext;
let adminCookie: string;
let adminId: string;
let plainCookie: string;

beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: false });
  const admin = await makeSuperAdmin(ctx.database.db, 'root@example.com', 'root password', (u) => ctx.services.account.setUp(u));
  adminId = admin.userId;
  adminCookie = (await signIn(ctx, 'root@example.com', 'root password')).cookie;
  plainCookie = await verifiedUser(ctx, 'plain@example.com');
});
afterAll(async () => {
  await ctx?.close();
});

const list = (cookie: string | undefined, params: Record<string, string> = {}) =>
  ctx.app.server.inject({
    method: 'GET',
    url: `/api/admin/waitlist?${new URLSearchParams(params).toString()}`,
    headers: cookie ? { cookie } : {},
  });
const approve = (cookie: string | undefined, ids: unknown) =>
  ctx.app.server.inject({
    method: 'POST',
    url: '/api/admin/waitlist/approve',
    headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: { ids },
  });

type Seed = Partial<typeof waitlist.$inferInsert> & { email: string };
async function seed(entries: Seed[]): Promise<string[]> {
  const rows = await ctx.database.db
    .insert(waitlist)
    .values(entries.map((e) => ({ name: e.email.split('@')[0]!, ...e })))
    .returning({ id: waitlist.id });
  return rows.map((r) => r.id);
}

/** Invitations queued for an address: the email job is queued in the approval's transaction, so this is exact at once. */
async function invitationsQueued(email: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from pgboss.job
        where name = ${sendEmailJob.name} and data ->> 'to' = ${email} and data ->> 'subject' = ${INVITATION}`,
  );
  return row?.n ?? 0;
}

async function invitationsDelivered(email: string): Promise<number> {
  return (await readOutbox(ctx.outboxDir)).filter((m) => m.to === email && m.subject === INVITATION).length;
}

async function allPages(params: Record<string, string>): Promise<{ entries: AdminWaitlistEntry[]; pages: number[] }> {
  const entries: AdminWaitlistEntry[] = [];
  const pages: number[] = [];
  let cursor: string | undefined;
  do {
    const res = await list(adminCookie, { ...params, ...(cursor ? { cursor } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ entries: AdminWaitlistEntry[]; nextCursor: string | null }>();
    entries.push(...page.entries);
    pages.push(page.entries.length);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { entries, pages };
}

describe('access', () => {
  it('answers visitors 401 and users who are not super admins 403, approving nothing', async () => {
    const [id] = await seed([{ email: 'guarded@example.com' }]);
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await approve(undefined, [id])).statusCode).toBe(401);
    expect((await list(plainCookie)).statusCode).toBe(403);
    const res = await approve(plainCookie, [id]);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Only super admins can do this.');
    const [row] = await ctx.database.db.select().from(waitlist).where(eq(waitlist.id, id!));
    expect(row?.status).toBe('pending');
    expect(await invitationsQueued('guarded@example.com')).toBe(0);
    await ctx.database.db.delete(waitlist).where(eq(waitlist.id, id!));
  });
});

describe('the waitlist list', () => {
  const pending = Array.from({ length: 30 }, (_, i) => ({
    email: `lead-${i}@list.example.com`,
    // Few distinct scores: equal scores are ordered oldest first, across the page boundary too.
    score: (i % 4) * 5,
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
  }));

  beforeAll(async () => {
    await seed(pending);
    await seed([
      { email: 'done@list.example.com', status: 'approved', score: 21, createdAt: new Date(Date.UTC(2025, 1, 1)) },
      { email: 'no@list.example.com', status: 'rejected', score: 20, createdAt: new Date(Date.UTC(2025, 1, 2)) },
    ]);
  });

  it('shows pending entries by score, highest first, then oldest first, 25 per page', async () => {
    const { entries, pages } = await allPages({});
    expect(pages).toEqual([ADMIN_WAITLIST_PAGE_SIZE, 5]);
    const expected = [...pending].sort((a, b) => b.score - a.score || a.createdAt.getTime() - b.createdAt.getTime());
    expect(entries.map((e) => e.email)).toEqual(expected.map((e) => e.email));
    expect(entries[0]).toMatchObject({ status: 'pending', score: 15, company: null, role: null, expectedPlan: null });
  });

  it('sorts by newest and filters by status', async () => {
    const newest = await allPages({ status: 'all', sort: 'newest' });
    expect(newest.pages).toEqual([ADMIN_WAITLIST_PAGE_SIZE, 7]);
    expect(newest.entries.slice(0, 2).map((e) => e.email)).toEqual(['no@list.example.com', 'done@list.example.com']);
    const times = newest.entries.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const allByScore = await allPages({ status: 'all' });
    expect(allByScore.entries.slice(0, 2).map((e) => e.email)).toEqual(['done@list.example.com', 'no@list.example.com']);
    expect(allByScore.entries).toHaveLength(32);

    const rejected = await allPages({ status: 'rejected' });
    expect(rejected.entries.map((e) => e.email)).toEqual(['no@list.example.com']);
  });

  it('refuses a cursor made for the other sort, and unknown filters', async () => {
    const first = (await list(adminCookie)).json<{ nextCursor: string }>();
    const res = await list(adminCookie, { sort: 'newest', cursor: first.nextCursor });
    expect(res.statusCode).toBe(400);
    expect((await list(adminCookie, { status: 'maybe' })).statusCode).toBe(400);
    expect((await list(adminCookie, { sort: 'name' })).statusCode).toBe(400);
  });

  afterAll(async () => {
    await ctx.database.db.delete(waitlist).where(sql`${waitlist.email} like '%@list.example.com'`);
  });
});

describe('approvals', () => {
  it('approves one entry, emails it the invitation once and logs it', async () => {
    const [id] = await seed([{ email: 'one@example.com', score: 7 }]);
    const res = await approve(adminCookie, [id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ approved: [{ id, email: 'one@example.com' }], unchanged: 0 });

    const mail = await waitForEmail(ctx.outboxDir, 'one@example.com', INVITATION);
    expect(mail.links[0]).toBe(`${TEST_APP_URL}/auth/login?invite=1&email=one%40example.com`);
    expect(await invitationsQueued('one@example.com')).toBe(1);
    const [row] = await ctx.database.db.select().from(waitlist).where(eq(waitlist.id, id!));
    expect(row?.status).toBe('approved');
    const [entry] = await ctx.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.type, 'waitlist_approved'))
      .orderBy(desc(activityLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorId: adminId, details: { entryId: id, email: 'one@example.com', score: 7 } });
  });

  it('approves many (rejected ones too); approved, unknown and repeated ids count as unchanged and get no email', async () => {
    const ids = await seed([
      { email: 'many-a@example.com' },
      { email: 'many-b@example.com' },
      { email: 'many-c@example.com', status: 'rejected' },
      { email: 'many-done@example.com', status: 'approved' },
    ]);
    const unknown = randomUUID();
    const res = await approve(adminCookie, [...ids, unknown, ids[0]!.toUpperCase()]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      approved: [
        { id: ids[0], email: 'many-a@example.com' },
        { id: ids[1], email: 'many-b@example.com' },
        { id: ids[2], email: 'many-c@example.com' },
      ],
      unchanged: 3,
    });
    for (const email of ['many-a@example.com', 'many-b@example.com', 'many-c@example.com']) {
      await waitForEmail(ctx.outboxDir, email, INVITATION);
      expect(await invitationsQueued(email)).toBe(1);
    }
    expect(await invitationsQueued('many-done@example.com')).toBe(0);
    const logged = await ctx.database.db.select().from(activityLog).where(eq(activityLog.type, 'waitlist_approved'));
    expect(logged.filter((e) => ids.slice(0, 3).includes((e.details as { entryId: string }).entryId))).toHaveLength(3);

    const again = await approve(adminCookie, ids);
    expect(again.json()).toEqual({ approved: [], unchanged: 4 });
    for (const email of ['many-a@example.com', 'many-b@example.com', 'many-c@example.com']) {
      expect(await invitationsQueued(email)).toBe(1);
    }
    const rows = await ctx.database.db.select().from(waitlist).where(inArray(waitlist.id, ids));
    expect(rows.every((r) => r.status === 'approved')).toBe(true);
  });

  it('sends one invitation when two admins approve the same entry at once', async () => {
    const [id] = await seed([{ email: 'race@example.com' }]);
    const results = await Promise.all([approve(adminCookie, [id]), approve(adminCookie, [id])]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const bodies = results.map((r) => r.json<{ approved: unknown[]; unchanged: number }>());
    expect(bodies.map((b) => b.approved.length).sort((a, b) => a - b)).toEqual([0, 1]);
    expect(bodies.map((b) => b.unchanged).sort((a, b) => a - b)).toEqual([0, 1]);
    expect(await invitationsQueued('race@example.com')).toBe(1);
    await waitForEmail(ctx.outboxDir, 'race@example.com', INVITATION);
    expect(await invitationsDelivered('race@example.com')).toBe(1);
  });

  it('validates the selection', async () => {
    const cases: Array<[unknown, string]> = [
      [[], adminWaitlistMessages.selectionRequired],
      [['not-a-uuid'], adminWaitlistMessages.entryInvalid],
      [Array.from({ length: 101 }, () => randomUUID()), adminWaitlistMessages.tooMany],
    ];
    for (const [ids, message] of cases) {
      const res = await approve(adminCookie, ids);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });
});
