import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { verifiedUser } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { openTestDatabase } from '#test-support/test-database.ts';
import { waitFor } from '#test-support/wait-for.ts';
import type { GenerationJob } from '#contracts/generation.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { aiModels, generationJobs, users } from '../../db/schema/index.ts';
import { personalBalance } from '#test-support/workspaces.ts';
import { generateImageJob } from './jobs.ts';

// postgres-pass: processes

// Each test plays two processes on one database (docs/operations.md#job-recovery): contexts made
// with `database` leave it open, and the test closes it last.
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function sharedDatabase(): Promise<Database> {
  const database = await openTestDatabase();
  cleanups.push(() => database.close());
  return database;
}

async function context(database: Database, options: Parameters<typeof createTestContext>[0] = {}): Promise<TestContext> {
  const ctx = await createTestContext({ rateLimits: false, workers: false, ...options, database });
  const closeOnce = ctx.close.bind(ctx);
  let closed = false;
  ctx.close = async () => {
    if (closed) return;
    closed = true;
    await closeOnce();
  };
  cleanups.push(() => ctx.close());
  return ctx;
}

async function accept(ctx: TestContext, email: string): Promise<{ job: GenerationJob; userId: string }> {
  const cookie = await verifiedUser(ctx, email);
  const [model] = await ctx.database.db.select().from(aiModels).where(eq(aiModels.slug, 'flux-1.1-pro-ultra'));
  const res = await ctx.app.server.inject({
    method: 'POST',
    url: '/api/generations',
    headers: { ...SAME_ORIGIN, cookie },
    payload: { modelType: 'standard', modelId: model!.id, prompt: 'a lamp on a desk', aspectRatio: '1:1' },
  });
  expect(res.statusCode).toBe(202);
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return { job: res.json<GenerationJob>(), userId: user!.id };
}

interface Entry {
  id: string;
  state: string;
  held_seconds: number | null;
  heartbeat_seconds: number | null;
}

/** The queue entries of one generation, oldest first. */
const entriesOf = (database: Database, jobId: string) =>
  queryRows<Entry>(
    database.db,
    sql`select id::text as id, state::text as state, heartbeat_seconds,
          extract(epoch from pgboss.job_now() - started_on)::float8 as held_seconds
        from pgboss.job where name = ${generateImageJob.name} and data ->> 'jobId' = ${jobId} order by created_on`,
  );

const row = async (database: Database, jobId: string) =>
  (await database.db.select().from(generationJobs).where(eq(generationJobs.id, jobId)))[0]!;

describe('no crash window between accepting a job and starting it', () => {
  it('a job whose worker died after taking its queue entry starts after a restart and succeeds in under 30 s', async () => {
    const database = await sharedDatabase();
    const crashed = await context(database);
    const { job, userId } = await accept(crashed, 'crash@example.com');
    const balance = await personalBalance(database.db, userId);

    // The crashed process's worker takes the entry (pg-boss marks it active, as its worker loop
    // does) and the process dies before it claims the job: nothing of it runs any more.
    const [taken] = await crashed.jobs.boss.fetch(generateImageJob.name);
    expect(taken?.data).toEqual({ jobId: job.id });
    await crashed.close();
    expect((await row(database, job.id)).status).toBe('queued');
    expect((await entriesOf(database, job.id)).map((e) => e.state)).toEqual(['active']);

    // The restart: workers and the recovery task on its own schedule, as `npm start` runs them.
    const restarted = await context(database, { workers: true, tasks: ['recover-generations'] });
    const startedAt = performance.now();
    const done = await waitFor(
      async () => {
        const current = await restarted.services.generation.get(userId, job.id);
        return current.status === 'succeeded' || current.status === 'failed' ? current : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 100, message: 'the accepted job to succeed after the restart' },
    );
    expect(done.status).toBe('succeeded');
    expect(performance.now() - startedAt).toBeLessThan(30_000);
    expect((await row(database, job.id)).attempts).toBe(1);
    // The dead worker's entry is cancelled (pg-boss will not retry it); the new one ran.
    const states = async () => (await entriesOf(database, job.id)).map((e) => e.state).join(',');
    await waitFor(async () => (await states()) !== 'cancelled,active', { message: 'pg-boss to complete the entry' });
    expect(await states()).toBe('cancelled,completed');
    // Charged once, never refunded.
    expect(await personalBalance(database.db, userId)).toBe(balance);
  }, 60_000);

  it('never re-sends the job a live worker holds, however long it holds it', async () => {
    const database = await sharedDatabase();
    const live = await context(database);
    const other = await context(database);
    // A live worker (pg-boss's worker loop, with its heartbeats) that has taken the entry but not
    // yet claimed the job, and stays there until the test lets it go.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let taken = false;
    await live.jobs.work(generateImageJob, async ({ jobId }) => {
      taken = true;
      await gate;
      await live.services.generation.run(jobId);
    });
    const { job, userId } = await accept(live, 'live@example.com');
    await waitFor(() => taken, { message: 'the live worker to take the entry' });

    // Held longer than its heartbeat window: without the worker's heartbeats it would count as dead.
    await waitFor(
      async () => {
        const [entry] = await entriesOf(database, job.id);
        return entry!.held_seconds! > entry!.heartbeat_seconds! + 1;
      },
      { timeoutMs: 25_000, intervalMs: 250, message: 'the entry to outlive its heartbeat window' },
    );
    expect(await other.services.generation.recoverStale()).toEqual({ resent: 0, requeued: 0, failed: 0, started: 0 });
    expect(await live.services.generation.recoverStale()).toEqual({ resent: 0, requeued: 0, failed: 0, started: 0 });
    expect((await entriesOf(database, job.id)).map((e) => e.state)).toEqual(['active']);
    expect((await row(database, job.id)).status).toBe('queued');

    release();
    await waitFor(async () => (await live.services.generation.get(userId, job.id)).status === 'succeeded', {
      timeoutMs: 20_000,
      message: 'the live worker to finish the job',
    });
    expect((await row(database, job.id)).attempts).toBe(1);
  }, 60_000);

  it('re-sends a queued job whose entry is gone, finished or dead exactly once, even from two processes at once', async () => {
    const database = await sharedDatabase();
    const one = await context(database);
    const two = await context(database);
    const recoverBoth = async () => {
      const results = await Promise.all([one.services.generation.recoverStale(), two.services.generation.recoverStale()]);
      return results.reduce((sum, r) => sum + r.resent, 0);
    };

    // A dead worker's entry: taken, then no heartbeat for a minute.
    const { job: dead } = await accept(one, 'dead@example.com');
    await one.jobs.boss.fetch(generateImageJob.name);
    await database.db.execute(
      sql`update pgboss.job set heartbeat_on = heartbeat_on - interval '1 minute', started_on = started_on - interval '1 minute'
          where data ->> 'jobId' = ${dead.id}`,
    );
    expect(await recoverBoth()).toBe(1);
    expect((await entriesOf(database, dead.id)).map((e) => e.state)).toEqual(['cancelled', 'created']);
    expect(await recoverBoth()).toBe(0);

    // An entry that finished without the job starting (e.g. deleted, or completed by a handler that failed to claim).
    const { job: lost } = await accept(one, 'lost@example.com');
    await one.jobs.boss.deleteAllJobs(generateImageJob.name);
    expect(await recoverBoth()).toBe(2); // this one and the dead one's re-sent entry, both deleted
    expect((await entriesOf(database, lost.id)).map((e) => e.state)).toEqual(['created']);
    expect((await entriesOf(database, dead.id)).map((e) => e.state)).toEqual(['created']);
    expect(await recoverBoth()).toBe(0);

    // A waiting entry (workers busy) is left alone.
    const { job: waiting } = await accept(one, 'waiting@example.com');
    expect(await recoverBoth()).toBe(0);
    expect((await entriesOf(database, waiting.id)).map((e) => e.state)).toEqual(['created']);
  }, 60_000);
});
