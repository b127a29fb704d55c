import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUsers } from '#test-support/klip-rows.ts';
import { signIn, userIdOf, verifiedUser } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { adminUserMessages } from '#contracts/admin-users.ts';
import { ADMIN_WORKSPACE_MEMBERS_SHOWN, ADMIN_WORKSPACE_PAGE_SIZE, type AdminWorkspace } from '#contracts/admin-workspaces.ts';
import type { WorkspaceRole } from '#contracts/workspace-kinds.ts';
import { workspaceMessages } from '#contracts/workspaces.ts';
import { activityLog, creditTransactions, subscriptions, userProfiles, workspaceMembers, workspaces } from '#server/db/schema/index.ts';
import { getBalance } from '../../credits/ledger.ts';
import { personalWorkspaceId } from '../../workspaces/personal-repo.ts';
import { makeSuperAdmin } from '../bootstrap.ts';

// postgres-pass: concurrency

let ctx: TestContext;
let rootCookie: string;
let plainCookie: string;

beforeAll(async () => {
  ctx = await createTestContext({ workers: false, rateLimits: false });
  await makeSuperAdmin(ctx.database.db, 'root@example.com', 'admin password', (u) => ctx.services.account.setUp(u));
  rootCookie = (await signIn(ctx, 'root@example.com', 'admin password')).cookie;
  plainCookie = await verifiedUser(ctx, 'plain@example.com');
});
afterAll(async () => {
  await ctx?.close();
});

const call = (method: 'GET' | 'POST', url: string, cookie: string | undefined, payload?: object) =>
  ctx.app.server.inject({ method, url, headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });
const list = (cookie: string, params: Record<string, string> = {}) =>
  call('GET', `/api/admin/workspaces?${new URLSearchParams(params).toString()}`, cookie);
const adjust = (cookie: string, workspaceId: string, payload: object) =>
  call('POST', `/api/admin/workspaces/${workspaceId}/credits`, cookie, payload);

/** A team with these members, made directly in the database. */
async function team(name: string, members: Array<[string, WorkspaceRole]>, createdAt?: string): Promise<string> {
  const db = ctx.database.db;
  const [row] = await db
    .insert(workspaces)
    .values({ kind: 'team', name, ...(createdAt ? { createdAt: sql`${createdAt}::timestamptz` } : {}) })
    .returning({ id: workspaces.id });
  // Joined a second apart, in the order given.
  const joined = Date.now();
  if (members.length > 0)
    await db
      .insert(workspaceMembers)
      .values(members.map(([userId, role], i) => ({ workspaceId: row!.id, userId, role, createdAt: new Date(joined + i * 1000) })));
  return row!.id;
}

async function allPages(search: string): Promise<{ rows: AdminWorkspace[]; pages: number[] }> {
  const rows: AdminWorkspace[] = [];
  const pages: number[] = [];
  let cursor: string | undefined;
  do {
    const res = await list(rootCookie, { search, ...(cursor ? { cursor } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ workspaces: AdminWorkspace[]; nextCursor: string | null }>();
    rows.push(...page.workspaces);
    pages.push(page.workspaces.length);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { rows, pages };
}

const search = async (text: string) =>
  (await list(rootCookie, { search: text })).json<{ workspaces: AdminWorkspace[] }>().workspaces.map((w) => w.name);

async function lastActivity(type: string) {
  const [row] = await ctx.database.db.select().from(activityLog).where(eq(activityLog.type, type)).orderBy(desc(activityLog.id)).limit(1);
  return row;
}

describe('access', () => {
  it('answers visitors 401 and users who are not super admins 403, changing nothing', async () => {
    const plainId = await userIdOf(ctx, 'plain@example.com');
    const personal = await personalWorkspaceId(ctx.database.db, plainId);
    expect((await call('GET', '/api/admin/workspaces', undefined)).statusCode).toBe(401);
    for (const res of [await list(plainCookie), await adjust(plainCookie, personal, { amount: 1000, reason: 'self-service' })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('Only super admins can do this.');
    }
    expect(await getBalance(ctx.database.db, personal)).toBe(10);
  });
});

describe('the workspace list', () => {
  it('pages newest first, 20 at a time, without repeating or skipping workspaces made at the same moment', async () => {
    // Pairs share a timestamp, so the id breaks ties inside a page and across the cursor.
    for (let i = 0; i < 25; i++) await team(`pager team ${i}`, [], `2025-01-01T00:${String(Math.floor(i / 2)).padStart(2, '0')}:00Z`);
    const { rows, pages } = await allPages('pager team');
    expect(pages).toEqual([ADMIN_WORKSPACE_PAGE_SIZE, 5]);
    expect(new Set(rows.map((w) => w.id)).size).toBe(25);
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.createdAt >= rows[i]!.createdAt).toBe(true);
    const minutes = rows.map((w) => Math.floor(Number(w.name.split(' ')[2]) / 2));
    expect(minutes).toEqual([...minutes].sort((a, b) => b - a));
  });

  it("shows each workspace's kind, plan, seats, members, balance and first members, owner first", async () => {
    const db = ctx.database.db;
    const ids = await insertUsers(db, 7, 'crew');
    const [owner, ...rest] = ids as [string, ...string[]];
    const id = await team('Crew Studio', [
      [rest[0]!, 'member'],
      [owner, 'owner'],
      [rest[1]!, 'admin'],
      ...rest.slice(2).map((userId): [string, WorkspaceRole] => [userId, 'member']),
    ]);
    await db.update(userProfiles).set({ displayName: 'Crew Boss' }).where(eq(userProfiles.userId, owner));
    // A lapsed newer subscription does not count: the newest in an entitled state does.
    await db.insert(subscriptions).values([
      {
        id: `sub_${randomUUID()}`,
        userId: owner,
        workspaceId: id,
        customerId: 'cus_crew',
        planId: 'pro',
        status: 'past_due',
        createdAt: new Date(Date.now() - 60_000),
      },
      {
        id: `sub_${randomUUID()}`,
        userId: owner,
        workspaceId: id,
        customerId: 'cus_crew',
        planId: 'scale',
        status: 'canceled',
        createdAt: new Date(),
      },
    ]);
    await db.insert(creditTransactions).values([
      { workspaceId: id, userId: owner, amount: 300, type: 'purchase', reference: randomUUID() },
      { workspaceId: id, userId: rest[0]!, amount: -12, type: 'usage', reference: randomUUID() },
    ]);

    const [crew] = (await list(rootCookie, { search: 'Crew Studio' })).json<{ workspaces: AdminWorkspace[] }>().workspaces;
    expect(crew).toMatchObject({ id, name: 'Crew Studio', kind: 'team', plan: 'pro', seats: 5, seatsUsed: 7, balance: 288 });
    expect(crew!.members).toHaveLength(ADMIN_WORKSPACE_MEMBERS_SHOWN);
    expect(crew!.members.slice(0, 3)).toEqual([
      { userId: owner, name: 'Crew Boss', email: expect.stringMatching(/^crew-0-/), role: 'owner' },
      { userId: rest[1], name: 'crew 2', email: expect.stringMatching(/^crew-2-/), role: 'admin' },
      { userId: rest[0], name: 'crew 1', email: expect.stringMatching(/^crew-1-/), role: 'member' },
    ]);

    // A personal workspace: no plan, one seat, its owner's welcome credits.
    const plainId = await userIdOf(ctx, 'plain@example.com');
    const [personal] = (await list(rootCookie, { search: 'plain@example.com' })).json<{ workspaces: AdminWorkspace[] }>().workspaces;
    expect(personal).toMatchObject({
      id: await personalWorkspaceId(db, plainId),
      kind: 'personal',
      plan: null,
      seats: 1,
      seatsUsed: 1,
      balance: 10,
      members: [{ userId: plainId, email: 'plain@example.com', role: 'owner' }],
    });
  });

  it("searches names and members' emails, case-insensitively, with % and _ taken literally", async () => {
    const [memberId] = await insertUsers(ctx.database.db, 1, 'seeker');
    await team('Lookup 100% Crew', [[memberId!, 'owner']]);
    expect(await search('LOOKUP 100')).toEqual(['Lookup 100% Crew']);
    expect(await search('100%')).toEqual(['Lookup 100% Crew']);
    // Its member's email finds the team and the member's personal workspace.
    expect((await search('SEEKER-0-')).sort()).toEqual(['Lookup 100% Crew', 'seeker 0']);
    // "_" would match any one character if it were a wildcard.
    expect(await search('Lookup_')).toEqual([]);
    expect(await search('nobody-matches-this')).toEqual([]);
  });

  it('refuses a cursor that was not made for this list', async () => {
    const usersCursor = Buffer.from(JSON.stringify({ s: 'users', k: ['2025-01-01T00:00:00.000000Z', 'abc'] })).toString('base64url');
    for (const cursor of ['garbage', usersCursor]) expect((await list(rootCookie, { cursor })).statusCode).toBe(400);
  });
});

describe('credit adjustments of a workspace', () => {
  it("grants a team credits as one adjustment row for its owner, in the team's balance and history, and logs it", async () => {
    const db = ctx.database.db;
    const ownerCookie = await verifiedUser(ctx, 'team-owner@example.com');
    const ownerId = await userIdOf(ctx, 'team-owner@example.com');
    const [memberId] = await insertUsers(db, 1, 'granted-member');
    const id = await team('Granted Team', [
      [ownerId, 'owner'],
      [memberId!, 'member'],
    ]);

    const res = await adjust(rootCookie, id, { amount: 50, reason: '  Launch bonus  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ balance: 50 });
    expect(await getBalance(db, id)).toBe(50);
    // The owner's personal workspace is untouched.
    expect(await getBalance(db, await personalWorkspaceId(db, ownerId))).toBe(10);

    const rows = await db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.workspaceId, id), eq(creditTransactions.type, 'adjustment')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: ownerId, amount: 50, description: 'Launch bonus' });

    const entry = await lastActivity('credit_adjustment');
    expect(entry).toMatchObject({
      actorId: await userIdOf(ctx, 'root@example.com'),
      details: { workspaceId: id, workspaceName: 'Granted Team', email: 'team-owner@example.com', amount: 50, balanceAfter: 50 },
    });
    expect(entry?.message).toContain('Granted Team');

    const listed = (await list(rootCookie, { search: 'Granted Team' })).json<{ workspaces: AdminWorkspace[] }>().workspaces;
    expect(listed[0]?.balance).toBe(50);
    expect(ownerCookie).toBeTruthy();
  });

  it("deducts down to zero and refuses to go below it, writing nothing, whichever member's spending made the balance", async () => {
    const db = ctx.database.db;
    const [ownerId, memberId] = await insertUsers(db, 2, 'deducted');
    const id = await team('Deducted Team', [
      [ownerId!, 'owner'],
      [memberId!, 'member'],
    ]);
    await db.insert(creditTransactions).values([
      { workspaceId: id, userId: ownerId!, amount: 20, type: 'purchase', reference: randomUUID() },
      { workspaceId: id, userId: memberId!, amount: -8, type: 'usage', reference: randomUUID() },
    ]);
    expect((await adjust(rootCookie, id, { amount: -12, reason: 'Chargeback' })).json()).toEqual({ balance: 0 });
    const before = await db.select().from(creditTransactions).where(eq(creditTransactions.workspaceId, id));
    const below = await adjust(rootCookie, id, { amount: -1, reason: 'One more' });
    expect(below.statusCode).toBe(409);
    expect(below.json().error.message).toBe(adminUserMessages.belowZero);
    expect(await db.select().from(creditTransactions).where(eq(creditTransactions.workspaceId, id))).toHaveLength(before.length);
  });

  it('lets only one of two parallel deductions through when the balance covers one', async () => {
    const db = ctx.database.db;
    const [ownerId] = await insertUsers(db, 1, 'parallel');
    const id = await team('Parallel Team', [[ownerId!, 'owner']]);
    await db
      .insert(creditTransactions)
      .values({ workspaceId: id, userId: ownerId!, amount: 10, type: 'purchase', reference: randomUUID() });
    const results = await Promise.all([
      adjust(rootCookie, id, { amount: -7, reason: 'First' }),
      adjust(rootCookie, id, { amount: -7, reason: 'Second' }),
    ]);
    expect(results.map((r) => r.statusCode).sort((a, b) => a - b)).toEqual([200, 409]);
    expect(await getBalance(db, id)).toBe(3);
  });

  it('answers 404 for an unknown workspace and 400 for a malformed id or an amount or reason out of bounds', async () => {
    const unknown = await adjust(rootCookie, randomUUID(), { amount: 5, reason: 'Why not' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(workspaceMessages.notFound);
    // A malformed id is refused before anything is read.
    const malformed = await adjust(rootCookie, 'not-a-workspace', { amount: 5, reason: 'Why not' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe(workspaceMessages.notFound);
    const plainId = await userIdOf(ctx, 'plain@example.com');
    const personal = await personalWorkspaceId(ctx.database.db, plainId);
    const cases: Array<[object, string]> = [
      [{ amount: 0, reason: 'Zero' }, adminUserMessages.amountInvalid],
      [{ amount: 1.5, reason: 'Half' }, adminUserMessages.amountInvalid],
      [{ amount: 100_001, reason: 'Too much' }, adminUserMessages.amountTooLarge],
      [{ amount: 5, reason: '   ' }, adminUserMessages.reasonRequired],
      [{ amount: 5, reason: 'x'.repeat(201) }, adminUserMessages.reasonTooLong],
    ];
    for (const [payload, message] of cases) {
      const res = await adjust(rootCookie, personal, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await getBalance(ctx.database.db, personal)).toBe(10);
  });
});
