import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertKlipRows, insertUsers } from '#test-support/klip-rows.ts';
import { postSignUp, signIn, userIdOf, verifiedUser } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { ADMIN_USER_PAGE_SIZE, adminUserMessages, type AdminUser } from '#contracts/admin-users.ts';
import type { CreditHistoryPage } from '#contracts/credits-api.ts';
import { activityLog, creditTransactions, userProfiles, userRoles, workspaceMembers, workspaces } from '#server/db/schema/index.ts';
import { makeSuperAdmin } from '../bootstrap.ts';
import { getBalance } from '../../credits/ledger.ts';
import { personalWorkspaceId } from '../../workspaces/personal-repo.ts';
import { countSuperAdmins, isSuperAdmin } from '../../roles/repo.ts';

// postgres-pass: concurrency

let ctx: TestContext;
let rootCookie: string;
let plainCookie: string;

async function signedInSuperAdmin(email: string): Promise<string> {
  await makeSuperAdmin(ctx.database.db, email, 'admin password', (u) => ctx.services.account.setUp(u));
  return (await signIn(ctx, email, 'admin password')).cookie;
}

beforeAll(async () => {
  ctx = await createTestContext({ workers: false, rateLimits: false });
  rootCookie = await signedInSuperAdmin('root@example.com');
  plainCookie = await verifiedUser(ctx, 'plain@example.com');
});
afterAll(async () => {
  await ctx?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | undefined, payload?: object) =>
  ctx.app.server.inject({ method, url, headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });

const list = (cookie: string, params: Record<string, string> = {}) =>
  call('GET', `/api/admin/users?${new URLSearchParams(params).toString()}`, cookie);
const adjust = (cookie: string, userId: string, payload: object) => call('POST', `/api/admin/users/${userId}/credits`, cookie, payload);
const setRole = (cookie: string, userId: string, superAdmin: boolean) =>
  call('PUT', `/api/admin/users/${userId}/role`, cookie, { superAdmin });

/** The balance of a user's personal workspace. */
const balanceOf = async (userId: string) => getBalance(ctx.database.db, await personalWorkspaceId(ctx.database.db, userId));

async function lastActivity(type: string) {
  const [row] = await ctx.database.db.select().from(activityLog).where(eq(activityLog.type, type)).orderBy(desc(activityLog.id)).limit(1);
  return row;
}

const searchIds = async (text: string) => (await list(rootCookie, { search: text })).json<{ users: AdminUser[] }>().users.map((u) => u.id);

async function allPages(cookie: string, search: string): Promise<{ users: AdminUser[]; pages: number[] }> {
  const users: AdminUser[] = [];
  const pages: number[] = [];
  let cursor: string | undefined;
  do {
    const res = await list(cookie, { search, ...(cursor ? { cursor } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ users: AdminUser[]; nextCursor: string | null }>();
    users.push(...page.users);
    pages.push(page.users.length);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { users, pages };
}

describe('access', () => {
  it('answers visitors 401 and users who are not super admins 403, changing nothing', async () => {
    const plainId = await userIdOf(ctx, 'plain@example.com');
    expect((await call('GET', '/api/admin/users', undefined)).statusCode).toBe(401);
    for (const res of [
      await list(plainCookie),
      await adjust(plainCookie, plainId, { amount: 1000, reason: 'self-service' }),
      await setRole(plainCookie, plainId, true),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('Only super admins can do this.');
    }
    expect(await balanceOf(plainId)).toBe(10);
    expect(await isSuperAdmin(ctx.database.db, plainId)).toBe(false);
  });
});

describe('the user list', () => {
  it('pages newest first, 25 at a time, without repeating or skipping users who joined at the same moment', async () => {
    const db = ctx.database.db;
    await insertUsers(db, 30, 'pager');
    // Pairs share a timestamp, so the id breaks ties inside a page and across the cursor.
    await db.execute(
      sql`update users set created_at = now() - (split_part(name, ' ', 2)::int / 2) * interval '1 minute' where name like 'pager %'`,
    );
    const { users, pages } = await allPages(rootCookie, 'pager-');
    expect(pages).toEqual([ADMIN_USER_PAGE_SIZE, 5]);
    expect(new Set(users.map((u) => u.id)).size).toBe(30);
    const order = users.map((u) => Math.floor(Number(u.name.split(' ')[1]) / 2));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (let i = 1; i < users.length; i++) {
      expect(users[i - 1]!.createdAt >= users[i]!.createdAt).toBe(true);
    }
  });

  it("shows each user's balance, klip count, role and verification", async () => {
    const db = ctx.database.db;
    const [busyId] = await insertUsers(db, 1, 'busy');
    await insertKlipRows(db, [{ userId: busyId! }, { userId: busyId!, klipType: 'video' }, { userId: busyId! }]);
    const personal = await personalWorkspaceId(db, busyId!);
    // A team's rows the user made count toward the team, not the user's balance.
    const [team] = await db.insert(workspaces).values({ kind: 'team', name: 'Busy Team' }).returning({ id: workspaces.id });
    await db.insert(workspaceMembers).values({ workspaceId: team!.id, userId: busyId!, role: 'owner' });
    await db.insert(creditTransactions).values([
      { workspaceId: personal, userId: busyId!, amount: 40, type: 'grant', reference: `test:${busyId}` },
      { workspaceId: personal, userId: busyId!, amount: -3, type: 'usage', reference: `test:${busyId}` },
      { workspaceId: team!.id, userId: busyId!, amount: 500, type: 'grant', reference: `test:${busyId}:team` },
    ]);
    const [busy] = (await list(rootCookie, { search: 'busy-0' })).json<{ users: AdminUser[] }>().users;
    expect(busy).toMatchObject({ id: busyId, name: 'busy 0', emailVerified: true, balance: 37, klipCount: 3, isSuperAdmin: false });

    const [root] = (await list(rootCookie, { search: 'root@' })).json<{ users: AdminUser[] }>().users;
    expect(root).toMatchObject({ email: 'root@example.com', isSuperAdmin: true, balance: 10, klipCount: 0, emailVerified: true });
  });

  it('searches email and display name, case-insensitively, with % and _ taken literally', async () => {
    const db = ctx.database.db;
    const [promoId] = await insertUsers(db, 1, 'promo');
    await db.update(userProfiles).set({ displayName: 'Deals 100% Off' }).where(eq(userProfiles.userId, promoId!));
    expect(await searchIds('DEALS 100')).toEqual([promoId]);
    expect(await searchIds('100%')).toEqual([promoId]);
    expect(await searchIds('%')).toEqual([promoId]);
    // "_" would match any one character if it were a wildcard.
    expect(await searchIds('_')).toEqual([]);
    expect(await searchIds('PLAIN@EXAMPLE')).toEqual([await userIdOf(ctx, 'plain@example.com')]);
    expect(await searchIds('nobody-matches-this')).toEqual([]);
  });

  it('refuses a cursor that was not made for this list', async () => {
    const res = await list(rootCookie, { cursor: Buffer.from(JSON.stringify({ s: 'latest', k: [] })).toString('base64url') });
    expect(res.statusCode).toBe(400);
  });
});

describe('credit adjustments', () => {
  it("grants credits to the user's personal workspace as one adjustment row with the reason, shown in its history, balance and activity", async () => {
    const cookie = await verifiedUser(ctx, 'granted@example.com');
    const userId = await userIdOf(ctx, 'granted@example.com');
    const res = await adjust(rootCookie, userId, { amount: 50, reason: '  Beta feedback bonus  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ balance: 60 });

    const me = await call('GET', '/api/me', cookie);
    expect(me.json().credits).toBe(60);
    const history = (await call('GET', '/api/credits/history', cookie)).json<CreditHistoryPage>();
    expect(history.entries[0]).toMatchObject({ type: 'adjustment', amount: 50, description: 'Beta feedback bonus', balanceAfter: 60 });
    const rows = await ctx.database.db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.type, 'adjustment')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.workspaceId).toBe(await personalWorkspaceId(ctx.database.db, userId));

    const entry = await lastActivity('credit_adjustment');
    expect(entry).toMatchObject({
      actorId: await userIdOf(ctx, 'root@example.com'),
      details: {
        userId,
        email: 'granted@example.com',
        workspaceId: await personalWorkspaceId(ctx.database.db, userId),
        amount: 50,
        reason: 'Beta feedback bonus',
        balanceAfter: 60,
      },
    });
    expect(entry?.message).toContain('granted@example.com');
  });

  it('books every request on its own: the same grant twice is two rows', async () => {
    const userId = await userIdOf(ctx, 'granted@example.com');
    const before = await balanceOf(userId);
    await adjust(rootCookie, userId, { amount: 5, reason: 'Same reason' });
    await adjust(rootCookie, userId, { amount: 5, reason: 'Same reason' });
    expect(await balanceOf(userId)).toBe(before + 10);
  });

  it('deducts down to zero and refuses to go below it, writing nothing', async () => {
    await verifiedUser(ctx, 'deducted@example.com');
    const userId = await userIdOf(ctx, 'deducted@example.com');
    const toZero = await adjust(rootCookie, userId, { amount: -10, reason: 'Welcome credits taken back' });
    expect(toZero.json()).toEqual({ balance: 0 });
    const rowsBefore = await ctx.database.db.select().from(creditTransactions).where(eq(creditTransactions.userId, userId));
    const activityBefore = await lastActivity('credit_adjustment');

    const below = await adjust(rootCookie, userId, { amount: -1, reason: 'One more' });
    expect(below.statusCode).toBe(409);
    expect(below.json().error.message).toBe(adminUserMessages.belowZero);
    const rowsAfter = await ctx.database.db.select().from(creditTransactions).where(eq(creditTransactions.userId, userId));
    expect(rowsAfter).toHaveLength(rowsBefore.length);
    expect((await lastActivity('credit_adjustment'))?.id).toBe(activityBefore?.id);
  });

  it('lets only one of two parallel deductions through when the balance covers one', async () => {
    await verifiedUser(ctx, 'parallel@example.com');
    const userId = await userIdOf(ctx, 'parallel@example.com');
    const results = await Promise.all([
      adjust(rootCookie, userId, { amount: -7, reason: 'First' }),
      adjust(rootCookie, userId, { amount: -7, reason: 'Second' }),
    ]);
    expect(results.map((r) => r.statusCode).sort((a, b) => a - b)).toEqual([200, 409]);
    expect(await balanceOf(userId)).toBe(3);
  });

  it('answers 404 for an unknown user and 400 for an amount or reason out of bounds', async () => {
    const unknown = await adjust(rootCookie, 'no-such-user', { amount: 5, reason: 'Why not' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(adminUserMessages.notFound);

    const userId = await userIdOf(ctx, 'plain@example.com');
    const cases: Array<[object, string]> = [
      [{ amount: 0, reason: 'Zero' }, adminUserMessages.amountInvalid],
      [{ amount: 1.5, reason: 'Half' }, adminUserMessages.amountInvalid],
      [{ amount: 100_001, reason: 'Too much' }, adminUserMessages.amountTooLarge],
      [{ amount: -100_001, reason: 'Too much' }, adminUserMessages.amountTooLarge],
      [{ amount: 5, reason: '   ' }, adminUserMessages.reasonRequired],
      [{ amount: 5, reason: 'x'.repeat(201) }, adminUserMessages.reasonTooLong],
    ];
    for (const [payload, message] of cases) {
      const res = await adjust(rootCookie, userId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await balanceOf(userId)).toBe(10);
  });
});

// Last: these change who the super admins are.
describe('roles', () => {
  it('refuses to promote a user whose email is not confirmed, and answers 404 for an unknown user', async () => {
    expect((await postSignUp(ctx, 'unconfirmed@example.com')).statusCode).toBe(200);
    const res = await setRole(rootCookie, await userIdOf(ctx, 'unconfirmed@example.com'), true);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(adminUserMessages.unverifiedPromotion);
    expect((await setRole(rootCookie, 'no-such-user', true)).statusCode).toBe(404);
    expect((await setRole(rootCookie, 'no-such-user', false)).statusCode).toBe(404);
  });

  it('promotes a user, who can then use God Mode, and logs it once', async () => {
    const promotedId = await userIdOf(ctx, 'plain@example.com');
    const res = await setRole(rootCookie, promotedId, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ isSuperAdmin: true });
    expect((await list(plainCookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/me', plainCookie)).json().isSuperAdmin).toBe(true);
    expect(await lastActivity('role_changed')).toMatchObject({
      actorId: await userIdOf(ctx, 'root@example.com'),
      details: { userId: promotedId, email: 'plain@example.com', superAdmin: true },
    });
    const before = await lastActivity('role_changed');
    expect((await setRole(rootCookie, promotedId, true)).json()).toEqual({ isSuperAdmin: true });
    expect((await lastActivity('role_changed'))?.id).toBe(before?.id);
  });

  it('lets an admin demote themselves while another exists, never the last one, even when both try at once', async () => {
    const db = ctx.database.db;
    expect(await countSuperAdmins(db)).toBe(2);
    const rootId = await userIdOf(ctx, 'root@example.com');
    const plainId = await userIdOf(ctx, 'plain@example.com');
    const results = await Promise.all([setRole(rootCookie, rootId, false), setRole(plainCookie, plainId, false)]);
    expect(results.map((r) => r.statusCode).sort((a, b) => a - b)).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error.message).toBe(adminUserMessages.lastSuperAdmin);
    expect(await countSuperAdmins(db)).toBe(1);

    const remainingCookie = results[0].statusCode === 409 ? rootCookie : plainCookie;
    const remainingId = results[0].statusCode === 409 ? rootId : plainId;
    const last = await setRole(remainingCookie, remainingId, false);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toBe(adminUserMessages.lastSuperAdmin);
    expect(await isSuperAdmin(db, remainingId)).toBe(true);
  });

  it('leaves one super admin when the last two demote each other at the same moment', async () => {
    const db = ctx.database.db;
    const [remaining] = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'super_admin'));
    const firstId = remaining!.userId;
    const firstCookie = firstId === (await userIdOf(ctx, 'root@example.com')) ? rootCookie : plainCookie;
    const secondCookie = await signedInSuperAdmin('second@example.com');
    const secondId = await userIdOf(ctx, 'second@example.com');
    expect(await countSuperAdmins(db)).toBe(2);

    const results = await Promise.all([setRole(firstCookie, secondId, false), setRole(secondCookie, firstId, false)]);
    // The first to take the lock wins; the other is then no admin (403) or would remove the last (409).
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await countSuperAdmins(db)).toBe(1);
    const entries = await db.select().from(activityLog).where(eq(activityLog.type, 'role_changed')).orderBy(desc(activityLog.id)).limit(1);
    expect(entries[0]?.details).toMatchObject({ superAdmin: false });
  });
});
