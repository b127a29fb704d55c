import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { segmindAnswers, startSegmindFake, type SegmindFake } from '#test-fakes/segmind-fake.ts';
import { signIn, signUp, signUpVerified, userIdOf, verifiedUser } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { waitFor } from '#test-support/wait-for.ts';
import type { GenerationJob } from '#contracts/generation.ts';
import { ACTIVITY_LOG_LIMIT, type ActivityLogEntry, type ActivityType } from '#contracts/activity.ts';
import type { Db } from '../../db/client.ts';
import { activityLog, aiModels } from '../../db/schema/index.ts';
import type { Logger } from '../../lib/logger.ts';
import { makeSuperAdmin } from '../admin/bootstrap.ts';
import { createActivityRecorder } from './log.ts';
import { personalBalance } from '#test-support/workspaces.ts';
import { aiWithSegmind } from '#test-support/segmind-ai.ts';

// postgres-pass: driver

let ctx: TestContext;
let segmind: SegmindFake;
let admin: string;
let plain: string;

beforeAll(async () => {
  segmind = await startSegmindFake();
  const env = { SEGMIND_API_KEY: segmind.apiKey, SEGMIND_BASE_URL: segmind.url };
  ctx = await createTestContext({
    rateLimits: false,
    env,
    deps: {
      ai: aiWithSegmind(segmind, env),
    },
  });
  await makeSuperAdmin(ctx.database.db, 'root@example.com', 'admin password', (u) => ctx.services.account.setUp(u));
  admin = (await signIn(ctx, 'root@example.com', 'admin password')).cookie;
  plain = await verifiedUser(ctx, 'plain@example.com');
});
afterAll(async () => {
  await ctx.close();
  await segmind.close();
});

const get = (url: string, cookie?: string) => ctx.app.server.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function entries(type?: ActivityType): Promise<ActivityLogEntry[]> {
  const res = await get(`/api/admin/activity${type ? `?type=${type}` : ''}`, admin);
  expect(res.statusCode).toBe(200);
  return res.json<{ entries: ActivityLogEntry[] }>().entries;
}

/** Waits for the entry the action writes after it commits. */
const entryWhere = (type: ActivityType, match: (e: ActivityLogEntry) => boolean) =>
  waitFor(async () => (await entries(type)).find(match), { message: `a ${type} entry` });

const entriesOfJob = async (type: ActivityType, jobId: string) => (await entries(type)).filter((e) => e.details?.['jobId'] === jobId);

const inSeconds = (s: number) => new Date(Date.now() + s * 1000);

describe('the activity log list', () => {
  it('shows the latest 100 of 120 entries, newest first, leaving out types it no longer knows', async () => {
    await ctx.database.db.insert(activityLog).values(
      Array.from({ length: 120 }, (_, i) => ({
        type: 'model_toggled',
        message: `toggle ${i}`,
        details: { n: i },
        createdAt: inSeconds(3600 + i),
      })),
    );
    // Written by an older release, with a type since removed: it would not fit the response's type.
    await ctx.database.db.insert(activityLog).values({ type: 'legacy_event', message: 'old', createdAt: inSeconds(7200) });

    const list = await entries();
    expect(list).toHaveLength(ACTIVITY_LOG_LIMIT);
    expect(list.map((e) => e.message)).toEqual(Array.from({ length: 100 }, (_, i) => `toggle ${119 - i}`));
    expect(list[0]).toMatchObject({ type: 'model_toggled', details: { n: 119 }, actorEmail: null });
    expect(list[0]!.id).toMatch(/^\d+$/);
    expect(new Date(list[0]!.createdAt).getTime()).toBeGreaterThan(new Date(list[1]!.createdAt).getTime());
    expect(list.some((e) => e.message === 'old')).toBe(false);
  });

  it('filters by type, names the actor, and refuses an unknown type', async () => {
    const plainId = await userIdOf(ctx, 'plain@example.com');
    await ctx.database.db.insert(activityLog).values([
      { type: 'credit_adjustment', message: 'granted 50', actorId: plainId, createdAt: inSeconds(10) },
      { type: 'credit_adjustment', message: 'deducted 5', createdAt: inSeconds(20) },
    ]);
    const adjustments = await entries('credit_adjustment');
    expect(adjustments.map((e) => [e.message, e.actorEmail])).toEqual([
      ['deducted 5', null],
      ['granted 50', 'plain@example.com'],
    ]);
    expect((await entries('model_toggled')).every((e) => e.type === 'model_toggled')).toBe(true);
    expect(await entries('webhook_failed')).toEqual([]);

    const bad = await get('/api/admin/activity?type=legacy_event', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Unknown activity type');
  });

  it('reads as null details that are not an object', async () => {
    await ctx.database.db
      .insert(activityLog)
      .values({ type: 'webhook_failed', message: 'array details', details: [1, 2], createdAt: inSeconds(30) });
    const [entry] = await entries('webhook_failed');
    expect(entry).toMatchObject({ message: 'array details', details: null });
  });

  it('is for super admins only', async () => {
    expect((await get('/api/admin/activity')).statusCode).toBe(401);
    expect((await get('/api/admin/activity', plain)).statusCode).toBe(403);
    const { cookie: unconfirmed } = await signUp(ctx, 'unconfirmed@example.com');
    expect((await get('/api/admin/activity', unconfirmed)).statusCode).toBe(403);
  });
});

describe('what writes to the activity log', () => {
  it('logs a sign-up and an email confirmation once each', async () => {
    await signUpVerified(ctx, 'newcomer@example.com');
    const id = await userIdOf(ctx, 'newcomer@example.com');
    const signUpEntry = await entryWhere('sign_up', (e) => e.actorEmail === 'newcomer@example.com');
    expect(signUpEntry).toMatchObject({ details: { email: 'newcomer@example.com', userId: id } });
    const verified = await entryWhere('email_verified', (e) => e.actorEmail === 'newcomer@example.com');
    expect(verified.details).toEqual({ email: 'newcomer@example.com', userId: id });

    // Loading /api/me (which repairs an interrupted set-up) and signing in again log nothing more.
    const { cookie } = await signIn(ctx, 'newcomer@example.com', 'correct horse battery');
    expect((await get('/api/me', cookie)).statusCode).toBe(200);
    expect((await entries('sign_up')).filter((e) => e.actorEmail === 'newcomer@example.com')).toHaveLength(1);
    expect((await entries('email_verified')).filter((e) => e.actorEmail === 'newcomer@example.com')).toHaveLength(1);
  });

  it("logs accounts created by an admin's tools, not accounts they promote", async () => {
    await makeSuperAdmin(ctx.database.db, 'ops@example.com', 'ops password', (u) => ctx.services.account.setUp(u));
    expect(await entryWhere('sign_up', (e) => e.actorEmail === 'ops@example.com')).toMatchObject({ details: { email: 'ops@example.com' } });
    await makeSuperAdmin(ctx.database.db, 'plain@example.com', 'ignored password', (u) => ctx.services.account.setUp(u));
    expect((await entries('sign_up')).filter((e) => e.actorEmail === 'plain@example.com')).toHaveLength(1);
  });

  it('logs an image generation that succeeds and one whose provider fails (refunded), once each', async () => {
    const [ultra] = await ctx.database.db.select({ id: aiModels.id }).from(aiModels).where(eq(aiModels.slug, 'flux-1.1-pro-ultra'));
    const seller = await signUpVerified(ctx, 'seller@example.com');
    const sellerId = await userIdOf(ctx, 'seller@example.com');
    const start = async (prompt: string) => {
      const res = await ctx.app.server.inject({
        method: 'POST',
        url: '/api/generations',
        headers: { ...SAME_ORIGIN, cookie: seller },
        payload: { modelType: 'standard', modelId: ultra!.id, prompt },
      });
      expect(res.statusCode).toBe(202);
      return res.json<{ id: string }>().id;
    };
    const before = await personalBalance(ctx.database.db, sellerId);

    const good = await start('a lamp on a desk');
    const success = await entryWhere('generation_succeeded', (e) => e.details?.['jobId'] === good);
    expect(success).toMatchObject({
      actorEmail: 'seller@example.com',
      message: 'Image generated with Klipt Ultra 1.1',
      details: { kind: 'image', model: 'Klipt Ultra 1.1', cost: 1 },
    });
    const job = (await get(`/api/generations/${good}`, seller)).json<GenerationJob>();
    expect(success.details?.['klipId']).toBe(job.klip!.id);

    segmind.enqueue(segmindAnswers.error(400, 'Prompt contains blocked words'));
    const bad = await start('a forbidden lamp');
    const failure = await entryWhere('generation_failed', (e) => e.details?.['jobId'] === bad);
    expect(failure).toMatchObject({
      actorEmail: 'seller@example.com',
      message: 'Image generation with Klipt Ultra 1.1 failed: Prompt contains blocked words; 1 credit refunded',
      details: { kind: 'image', model: 'Klipt Ultra 1.1', error: 'Prompt contains blocked words', refundedCredits: 1 },
    });
    expect(await personalBalance(ctx.database.db, sellerId)).toBe(before - 1);

    // A duplicate delivery of either job and a recovery pass change nothing.
    await ctx.services.generation.run(good);
    await ctx.services.generation.run(bad);
    await ctx.services.generation.recoverStale();
    expect(await entriesOfJob('generation_succeeded', good)).toHaveLength(1);
    expect(await entriesOfJob('generation_failed', bad)).toHaveLength(1);
    expect(await entriesOfJob('generation_failed', good)).toHaveLength(0);
  });
});

describe('writing to the activity log never fails the action it records', () => {
  it('logs and drops a write the database refuses, whether it throws or rejects', async () => {
    const warn = vi.fn<(fields: object, message: string) => void>();
    const logger = { warn } as unknown as Logger;
    const throwing = {
      insert: () => {
        throw new Error('database down');
      },
    } as unknown as Db;
    const rejecting = { insert: () => ({ values: () => Promise.reject(new Error('connection reset')) }) } as unknown as Db;

    await expect(createActivityRecorder({ db: throwing, logger })({ type: 'sign_up', message: 'x' })).resolves.toBeUndefined();
    await expect(createActivityRecorder({ db: rejecting, logger })({ type: 'purchase', message: 'y' })).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls.map(([fields, message]) => [(fields as { activity: string }).activity, message])).toEqual([
      ['sign_up', 'activity log write failed'],
      ['purchase', 'activity log write failed'],
    ]);
    expect((warn.mock.calls[0]![0] as { err: Error }).err.message).toBe('database down');
  });

  it('keeps a sign-up working when the log table cannot be written', async () => {
    await ctx.database.db.execute(sql`alter table activity_log add constraint activity_log_refuse_all check (false) not valid`);
    try {
      const cookie = await signUpVerified(ctx, 'unlogged@example.com');
      const me = (await get('/api/me', cookie)).json<{ user: { emailVerified: boolean }; credits: number }>();
      expect(me.user.emailVerified).toBe(true);
      expect(me.credits).toBeGreaterThan(0);
    } finally {
      await ctx.database.db.execute(sql`alter table activity_log drop constraint activity_log_refuse_all`);
    }
    expect((await entries('sign_up')).some((e) => e.details?.['email'] === 'unlogged@example.com')).toBe(false);
  });
});
