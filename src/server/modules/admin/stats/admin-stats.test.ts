import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertKlipRows } from '#test-support/klip-rows.ts';
import { signIn, verifiedUser } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import {
  ADMIN_CHART_DAYS,
  adminStatsMessages,
  type AdminStats,
  type CreditStatistics,
  type DailyActivity,
} from '#contracts/admin-stats.ts';
import type { CreditTransactionType } from '#contracts/credits.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { creditTransactions, generationJobs, sessions, users, workspaceMembers, workspaces } from '#server/db/schema/index.ts';
import { isAppError } from '#server/lib/app-error.ts';
import { createLogger } from '#server/lib/logger.ts';
import { personalWorkspaceId } from '../../workspaces/personal-repo.ts';
import { makeSuperAdmin } from '../bootstrap.ts';
import { creditStatistics, dailyActivity } from './repo.ts';
import { createAdminStatsService } from './service.ts';

// postgres-pass: driver

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let ctx: TestContext;
let adminCookie: string;
let plainCookie: string;
/** The seed's "now"; every seeded time is relative to it. */
let now: number;
let monthStart: Date;
let firstChartDay: Date;

const utcDate = (at: Date | number) => new Date(at).toISOString().slice(0, 10);
const ago = (ms: number) => new Date(now - ms);

interface SeedUser {
  /** Ids sort in the opposite order to emails where a tie is broken (eve before cid). */
  id: string;
  email: string;
  createdAt: Date;
}

/**
 * Six users with known activity and ledgers, besides the two the harness signs in (the admin and
 * a plain user: joined and signed in just now, no credits, as WELCOME_CREDITS is 0).
 */
async function seed(db: Db) {
  now = Date.now();
  const today = new Date(utcDate(now));
  monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  firstChartDay = new Date(today.getTime() - (ADMIN_CHART_DAYS - 1) * DAY);
  const people = {
    ann: { id: 'stats-ann', email: 'ann@stats.test', createdAt: ago(100 * DAY) },
    bob: { id: 'stats-bob', email: 'bob@stats.test', createdAt: ago(3 * DAY) },
    cid: { id: 'stats-z-cid', email: 'cid@stats.test', createdAt: ago(20 * DAY) },
    dee: { id: 'stats-dee', email: 'dee@stats.test', createdAt: ago(7 * DAY - HOUR) },
    eve: { id: 'stats-a-eve', email: 'eve@stats.test', createdAt: ago(7 * DAY + HOUR) },
    fay: { id: 'stats-fay', email: 'fay@stats.test', createdAt: ago(50 * DAY) },
  } satisfies Record<string, SeedUser>;
  await db.insert(users).values(Object.values(people).map((p) => ({ ...p, name: p.email, emailVerified: true })));

  const session = (user: SeedUser, createdAt: Date, updatedAt: Date) => ({
    id: randomUUID(),
    token: randomUUID(),
    userId: user.id,
    createdAt,
    updatedAt,
    expiresAt: new Date(updatedAt.getTime() + 7 * DAY),
  });
  await db.insert(sessions).values([
    // Signed in a month ago, session extended two days ago: active.
    session(people.ann, ago(30 * DAY), ago(2 * DAY)),
    // Last seen ten days ago: not active.
    session(people.cid, ago(10 * DAY), ago(10 * DAY)),
    session(people.eve, ago(6 * DAY), ago(6 * DAY)),
  ]);

  const spaces = new Map<string, string>();
  for (const person of Object.values(people)) spaces.set(person.id, await personalWorkspaceId(db, person.id));
  const space = (user: SeedUser) => spaces.get(user.id)!;

  const job = (user: SeedUser, createdAt: Date) => ({
    userId: user.id,
    workspaceId: space(user),
    kind: 'image' as const,
    status: 'succeeded' as const,
    provider: 'local',
    modelName: 'Klipt Ultra 1.1',
    input: {},
    cost: 1,
    createdAt,
  });
  await db.insert(generationJobs).values([
    job(people.ann, new Date(now)),
    job(people.ann, new Date(now)),
    // Bob has no session, but generated yesterday: active.
    job(people.bob, ago(DAY)),
    job(people.cid, ago(8 * DAY)),
    // The chart's first day starts at midnight UTC; a millisecond before is outside it.
    job(people.fay, firstChartDay),
    job(people.fay, new Date(firstChartDay.getTime() - 1)),
    job(people.fay, ago(40 * DAY)),
  ]);

  await insertKlipRows(db, [
    { userId: people.ann.id },
    { userId: people.ann.id, klipType: 'video' },
    { userId: people.bob.id },
    { userId: people.cid.id, createdAt: ago(90 * DAY).toISOString() },
  ]);

  const rows: Array<[SeedUser, CreditTransactionType, number, Date]> = [
    [people.ann, 'purchase', 500, ago(40 * DAY)],
    [people.ann, 'purchase', 40, new Date(now)],
    [people.ann, 'usage', -1, ago(3 * DAY)],
    [people.ann, 'usage', -1, ago(3 * DAY)],
    [people.ann, 'usage', -1, ago(3 * DAY)],
    [people.ann, 'refund', 1, ago(3 * DAY)],
    [people.bob, 'grant', 10, ago(3 * DAY)],
    [people.bob, 'usage', -5, ago(DAY)],
    [people.bob, 'refund', 5, ago(DAY)],
    // The first instant of this month (UTC) is this month's; the second before is last month's.
    [people.cid, 'purchase', 125, monthStart],
    [people.cid, 'usage', -5, ago(8 * DAY)],
    [people.cid, 'usage', -1, ago(8 * DAY)],
    [people.dee, 'adjustment', 20, ago(2 * DAY)],
    [people.dee, 'adjustment', -20, ago(DAY)],
    [people.eve, 'purchase', 1500, new Date(monthStart.getTime() - 1000)],
    [people.eve, 'usage', -6, ago(5 * DAY)],
  ];
  await db.insert(creditTransactions).values(
    rows.map(([user, type, amount, createdAt]) => ({
      workspaceId: space(user),
      userId: user.id,
      type,
      amount,
      reference: randomUUID(),
      createdAt,
    })),
  );

  // A team of ann (owner), bob and cid, and an empty one of fay's: teams count, personal ones do not;
  // each member once however many teams they are in. The first team holds credits bob spent there.
  const [team, otherTeam] = await db
    .insert(workspaces)
    .values([
      { kind: 'team', name: 'Stats Team', createdBy: people.ann.id },
      { kind: 'team', name: 'Stats Other Team', createdBy: people.fay.id },
    ])
    .returning({ id: workspaces.id });
  await db.insert(workspaceMembers).values([
    { workspaceId: team!.id, userId: people.ann.id, role: 'owner' },
    { workspaceId: team!.id, userId: people.bob.id, role: 'member' },
    { workspaceId: team!.id, userId: people.cid.id, role: 'admin' },
    { workspaceId: otherTeam!.id, userId: people.fay.id, role: 'owner' },
    { workspaceId: otherTeam!.id, userId: people.bob.id, role: 'member' },
  ]);
  await db.insert(creditTransactions).values([
    { workspaceId: team!.id, userId: people.ann.id, type: 'purchase', amount: 100, reference: randomUUID(), createdAt: ago(40 * DAY) },
    { workspaceId: team!.id, userId: people.bob.id, type: 'usage', amount: -4, reference: randomUUID(), createdAt: ago(2 * DAY) },
  ]);
  return people;
}

beforeAll(async () => {
  ctx = await createTestContext({ workers: false, rateLimits: false, env: { WELCOME_CREDITS: '0' } });
  await makeSuperAdmin(ctx.database.db, 'root@example.com', 'root password', (u) => ctx.services.account.setUp(u));
  adminCookie = (await signIn(ctx, 'root@example.com', 'root password')).cookie;
  plainCookie = await verifiedUser(ctx, 'plain@example.com');
  await seed(ctx.database.db);
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, cookie?: string) =>
  ctx.app.server.inject({ method: 'GET', url, headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) } });

/** Runs `check` in a transaction that is always rolled back, so the seed stays as it is. */
async function inRolledBack(check: (tx: DbOrTx) => Promise<void>): Promise<void> {
  const rollback = new Error('rollback');
  await expect(
    ctx.database.db.transaction(async (tx) => {
      await check(tx);
      throw rollback;
    }),
  ).rejects.toBe(rollback);
}

const expectedCredits: CreditStatistics = {
  // ann 500 + 40, cid 125, eve 1500, the team 100
  total_credits_purchased: 2265,
  // ann 3 − 1 refunded, bob 5 − 5 and 4 in the team, cid 6, eve 6; adjustments are not usage
  total_credits_used: 18,
  // balances ann 538, bob 10, cid 119, eve 1494, the team 96 over 10 workspaces (8 personal, 2 teams):
  // 2257 / 10 = 225.7
  average_credits_per_user: 225.7,
  // dee (adjusted up and back down), fay (no ledger rows), the admin's, the plain user's, the empty team
  users_with_zero_credits: 5,
  largest_credit_purchase: 1500,
  // cid and eve both used 6: the first email wins, not the first id
  most_active_user_credits: { credits_used: 6, email: 'cid@stats.test' },
  // cid's at the first instant of the month and ann's today; eve's a second before the month is last month's
  credits_purchased_this_month: 165,
};

describe('God Mode statistics', () => {
  it('counts users, active and new users, and klips', async () => {
    const res = await get('/api/admin/stats', adminCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminStats>()).toEqual({
      // six seeded users, the admin and the plain user
      totalUsers: 8,
      // ann (session extended 2 days ago), bob (generated yesterday), eve (session 6 days ago), the admin
      // and the plain user (signed in now); not cid (last seen 10 days ago, generated 8 days ago)
      activeUsers: 5,
      // bob (3 days), dee (7 days less an hour), the admin and the plain user; not eve (7 days and an hour)
      newUsers: 4,
      // images and videos
      totalImages: 4,
      // the two seeded teams; personal workspaces are not teams
      teamWorkspaces: 2,
      // ann, bob (in both teams, counted once), cid and fay
      teamMembers: 4,
    });
  });

  it('computes the credit statistics from the ledger', async () => {
    const res = await get('/api/admin/credit-stats', adminCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CreditStatistics>()).toEqual(expectedCredits);
  });

  it('gives every one of the last 30 days (UTC), oldest first, with generations and sign-ups', async () => {
    const res = await get('/api/admin/daily-activity', adminCookie);
    expect(res.statusCode, res.body).toBe(200);
    const expected = new Map<string, DailyActivity>();
    for (let i = 0; i < ADMIN_CHART_DAYS; i++) {
      const date = utcDate(firstChartDay.getTime() + i * DAY);
      expected.set(date, { date, generations: 0, signUps: 0 });
    }
    const add = (at: Date | number, field: 'generations' | 'signUps') => expected.get(utcDate(at))![field]++;
    // ann twice today, bob yesterday, cid 8 days ago, fay at the first day's midnight
    for (const at of [now, now, now - DAY, now - 8 * DAY, firstChartDay]) add(at, 'generations');
    // bob, dee, eve, cid, and the admin and the plain user today (ann and fay joined before the chart)
    for (const at of [now - 3 * DAY, now - 7 * DAY + HOUR, now - 7 * DAY - HOUR, now - 20 * DAY, now, now]) add(at, 'signUps');

    const { days } = res.json<{ days: DailyActivity[] }>();
    expect(days).toEqual([...expected.values()]);
    expect(days).toHaveLength(ADMIN_CHART_DAYS);
    expect(days[0]!.date).toBe(utcDate(firstChartDay));
    expect(days.at(-1)!.date).toBe(utcDate(now));
    expect(days.reduce((n, d) => n + d.generations, 0)).toBe(5);
  });

  it('counts days and months in UTC whatever the database session’s time zone', async () => {
    await inRolledBack(async (tx) => {
      // UTC+14: the local date is a day ahead of UTC's for most of the day.
      await tx.execute(sql`set local time zone 'Pacific/Kiritimati'`);
      const days = await dailyActivity(tx);
      expect(days[0]!.date).toBe(utcDate(firstChartDay));
      expect(days.at(-1)!.date).toBe(utcDate(now));
      expect((await creditStatistics(tx)).credits_purchased_this_month).toBe(165);
    });
  });

  it('names the member who used the most, across workspaces, as the most active user', async () => {
    await inRolledBack(async (tx) => {
      // bob's 4 in the team and 3 more there: 7, more than cid's and eve's 6.
      const [team] = await tx
        .select({ id: workspaces.id })
        .from(workspaces)
        .where(sql`${workspaces.name} = 'Stats Team'`);
      await tx
        .insert(creditTransactions)
        .values({ workspaceId: team!.id, userId: 'stats-bob', type: 'usage', amount: -3, reference: randomUUID() });
      expect((await creditStatistics(tx)).most_active_user_credits).toEqual({ credits_used: 7, email: 'bob@stats.test' });
    });
  });

  it('names nobody as the most active user before anyone has used credits', async () => {
    await inRolledBack(async (tx) => {
      await tx.delete(creditTransactions).where(sql`${creditTransactions.type} in ('usage', 'refund')`);
      const stats = await creditStatistics(tx);
      expect(stats.most_active_user_credits).toBeNull();
      expect(stats.total_credits_used).toBe(0);
    });
  });

  it('answers zeros on a platform without users', async () => {
    await inRolledBack(async (tx) => {
      await tx.delete(users);
      // Teams outlive their creators' accounts (created_by is set null); a platform without users has none left either.
      await tx.delete(workspaces);
      expect(await creditStatistics(tx)).toEqual({
        total_credits_purchased: 0,
        total_credits_used: 0,
        average_credits_per_user: 0,
        users_with_zero_credits: 0,
        largest_credit_purchase: 0,
        most_active_user_credits: null,
        credits_purchased_this_month: 0,
      });
      expect((await dailyActivity(tx)).every((d) => d.generations === 0 && d.signUps === 0)).toBe(true);
    });
  });

  it('refuses visitors (401) and users who are not super admins (403)', async () => {
    for (const url of ['/api/admin/stats', '/api/admin/credit-stats', '/api/admin/daily-activity']) {
      const visitor = await get(url);
      expect(visitor.statusCode, url).toBe(401);
      expect(visitor.json().error.code).toBe('UNAUTHENTICATED');
      const plain = await get(url, plainCookie);
      expect(plain.statusCode, url).toBe(403);
      expect(plain.json().error).toEqual({ code: 'FORBIDDEN', message: 'Only super admins can do this.' });
    }
  });
});

describe('God Mode statistics failures', () => {
  it('logs the cause and answers the card’s own message', async () => {
    const written: string[] = [];
    const logger = createLogger({ logLevel: 'info' }, { write: (line: string) => void written.push(line) });
    const broken = {
      execute: () => Promise.reject(new Error('connection terminated unexpectedly')),
    } as unknown as Db;
    const service = createAdminStatsService({ db: broken, logger });
    const reads = [
      [() => service.platform(), adminStatsMessages.statsFailed],
      [() => service.credits(), adminStatsMessages.creditStatsFailed],
      [() => service.daily(), adminStatsMessages.chartFailed],
    ] as const;
    for (const [read, message] of reads) {
      const err: unknown = await read().catch((e: unknown) => e);
      expect(isAppError(err) && { status: err.status, code: err.code, message: err.message }).toEqual({
        status: 500,
        code: 'INTERNAL',
        message,
      });
    }
    const lines = written.map((line) => JSON.parse(line) as { level: number; msg: string; err: { message: string } });
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).toMatchObject({ level: 50, msg: 'admin statistics failed' });
      expect(line.err.message).toContain('connection terminated unexpectedly');
    }
  });

  it('fails one card at a time over HTTP: the others still answer', async () => {
    const db = ctx.database.db;
    await db.execute(sql`alter table credit_transactions rename to credit_transactions_gone`);
    try {
      const credits = await get('/api/admin/credit-stats', adminCookie);
      expect(credits.statusCode).toBe(500);
      expect(credits.json()).toEqual({ error: { code: 'INTERNAL', message: adminStatsMessages.creditStatsFailed } });
      expect((await get('/api/admin/stats', adminCookie)).statusCode).toBe(200);
      expect((await get('/api/admin/daily-activity', adminCookie)).statusCode).toBe(200);
    } finally {
      await db.execute(sql`alter table credit_transactions_gone rename to credit_transactions`);
    }
    await db.execute(sql`alter table generation_jobs rename to generation_jobs_gone`);
    try {
      const stats = await get('/api/admin/stats', adminCookie);
      expect(stats.json()).toEqual({ error: { code: 'INTERNAL', message: adminStatsMessages.statsFailed } });
      const chart = await get('/api/admin/daily-activity', adminCookie);
      expect(chart.json()).toEqual({ error: { code: 'INTERNAL', message: adminStatsMessages.chartFailed } });
      expect((await get('/api/admin/credit-stats', adminCookie)).json()).toEqual(expectedCredits);
    } finally {
      await db.execute(sql`alter table generation_jobs_gone rename to generation_jobs`);
    }
  });
});
