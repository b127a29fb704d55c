import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { multipartBody, pngImage } from '#test-support/images.ts';
import { callAs, person, type Person } from '#test-support/klip-people.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { openTestDatabase } from '#test-support/test-database.ts';
import { waitFor } from '#test-support/wait-for.ts';
import type { Batch } from '#contracts/batches.ts';
import type { GenerationJob } from '#contracts/generation.ts';
import { loadConfig } from '../../config.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { aiModels, batches, creditTransactions, generationJobs } from '../../db/schema/index.ts';
import type { ImageProvider } from '../../providers/ai/image-provider.ts';
import { createAiProviders } from '../../providers/ai/index.ts';
import { personalBalance } from '#test-support/workspaces.ts';
import { claimJob } from './repo.ts';
import { generateImageJob, generateVideoJob } from './jobs.ts';

// postgres-pass: concurrency

// Fair queues (docs/product-rules.md#fair-queues, ADR 0018): one user's backlog never stands
// between another user and the next free worker, and one user's unfinished jobs are capped.

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function context(options: Parameters<typeof createTestContext>[0] = {}): Promise<TestContext> {
  const ctx = await createTestContext({ rateLimits: false, ...options, env: { WELCOME_CREDITS: '200', ...options.env } });
  cleanups.push(() => ctx.close());
  return ctx;
}

const modelId = async (ctx: TestContext, slug = 'flux-1.1-pro-ultra') =>
  (await ctx.database.db.select().from(aiModels).where(eq(aiModels.slug, slug)))[0]!.id;

async function image(ctx: TestContext, who: Person, prompt: string) {
  return callAs(ctx, who)('POST', '/api/generations', { modelType: 'standard', modelId: await modelId(ctx), prompt });
}

async function variations(ctx: TestContext, who: Person, prompt: string, count: number) {
  return callAs(ctx, who)('POST', '/api/generations/variations', { modelType: 'standard', modelId: await modelId(ctx), prompt, count });
}

async function upload(ctx: TestContext, who: Person, name: string, seed: number): Promise<string> {
  const body = multipartBody('file', name, 'image/png', await pngImage(48, 64, seed));
  const res = await ctx.app.server.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...SAME_ORIGIN, cookie: who.cookie, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

async function video(ctx: TestContext, who: Person, subject: string, referenceUploadId: string) {
  return callAs(ctx, who)('POST', '/api/generations/video', { subject, effect: 'squish_it', referenceUploadId });
}

async function batch(ctx: TestContext, who: Person, name: string, count: number) {
  const productUploadIds: string[] = [];
  for (let i = 0; i < count; i++) productUploadIds.push(await upload(ctx, who, `${name}-${i}.png`, i + 1));
  return callAs(ctx, who)('POST', '/api/batches', {
    name,
    modelType: 'standard',
    modelId: await modelId(ctx, 'ai-product-photo-editor'),
    prompt: 'on a marble counter',
    productUploadIds,
  });
}

const jobsOf = (database: Database, userId: string) =>
  database.db
    .select({ id: generationJobs.id, status: generationJobs.status })
    .from(generationJobs)
    .where(eq(generationJobs.userId, userId))
    .orderBy(generationJobs.createdAt, generationJobs.variation);

/** Takes the queue's entries one at a time, as idle workers would: the job ids in the order they would start. */
async function startOrder(ctx: TestContext, queue: string): Promise<string[]> {
  const order: string[] = [];
  for (;;) {
    const [entry] = await ctx.jobs.boss.fetch<{ jobId: string }>(queue, { batchSize: 1 });
    if (!entry) return order;
    order.push(entry.data.jobId);
  }
}

/**
 * The standard image provider, holding every call until the test releases it (oldest first), and
 * recording the prompts in the order the calls came in.
 */
async function heldProvider() {
  const png = await pngImage(64, 64, 7);
  const held: Array<() => void> = [];
  const calls: string[] = [];
  const provider: ImageProvider = {
    name: 'local',
    async generate(request) {
      calls.push(request.prompt);
      await new Promise<void>((resolve) => held.push(resolve));
      return { data: png, mimeType: 'image/png' };
    },
  };
  return {
    provider,
    calls,
    held,
    releaseOldest: () => held.shift()!(),
  };
}

describe('fair scheduling between users', () => {
  it("starts another user's single image at the next free worker slot, ahead of one user's backlog of variations", async () => {
    const gate = await heldProvider();
    const ai = createAiProviders(loadConfig({}));
    // Two worker slots (GENERATION_CONCURRENCY's default), one process.
    const ctx = await context({ deps: { ai: { ...ai, standardImages: gate.provider } } });
    const heavy = await person(ctx, 'heavy@example.com');
    const light = await person(ctx, 'light@example.com');

    // Twelve images in a second: three requests of four variations.
    for (let i = 0; i < 3; i++) expect((await variations(ctx, heavy, `backlog ${i}`, 4)).statusCode).toBe(202);
    await waitFor(() => gate.held.length === 2, { message: 'both worker slots to hold one of the backlog' });

    const single = await image(ctx, light, 'a single lamp');
    expect(single.statusCode).toBe(202);
    gate.releaseOldest();
    // The next call the freed slot makes is the light user's, not the backlog's.
    await waitFor(() => gate.calls.length === 3, { message: 'the freed slot to start its next job' });
    expect(gate.calls[2]).toBe('a single lamp');

    // The backlog still runs to the end, each job once.
    const done = async () => {
      while (gate.held.length > 0) gate.releaseOldest();
      const rows = await jobsOf(ctx.database, heavy.id);
      return rows.every((row) => row.status === 'succeeded') ? rows : undefined;
    };
    expect(await waitFor(done, { timeoutMs: 30_000, message: 'the backlog to finish' })).toHaveLength(12);
    expect(gate.calls).toHaveLength(13);
    const lightJob = await waitFor(async () => {
      const job = (await callAs(ctx, light)('GET', `/api/generations/${single.json<GenerationJob>().id}`)).json<GenerationJob>();
      return job.status === 'succeeded' ? job : undefined;
    });
    expect(lightJob.klip).not.toBeNull();
  });

  it('orders every kind of job the same way: single images, variations and videos', async () => {
    const ctx = await context({ workers: false });
    const heavy = await person(ctx, 'heavy-kinds@example.com');
    const light = await person(ctx, 'light-kinds@example.com');

    // Images: a backlog of single images and variations, then one image of another user.
    for (let i = 0; i < 3; i++) expect((await image(ctx, heavy, `single ${i}`)).statusCode).toBe(202);
    expect((await variations(ctx, heavy, 'four', 4)).statusCode).toBe(202);
    const lightImage = (await image(ctx, light, 'light image')).json<GenerationJob>();
    const images = await startOrder(ctx, generateImageJob.name);
    expect(images.indexOf(lightImage.id)).toBe(1);

    // Videos.
    const reference = await upload(ctx, heavy, 'reference.png', 1);
    for (let i = 0; i < 3; i++) expect((await video(ctx, heavy, `heavy video ${i}`, reference)).statusCode).toBe(202);
    const lightVideo = (await video(ctx, light, 'light video', await upload(ctx, light, 'mine.png', 2))).json<GenerationJob>();
    const videos = await startOrder(ctx, generateVideoJob.name);
    expect(videos.indexOf(lightVideo.id)).toBe(1);
    expect(videos).toHaveLength(4);
  });

  it("orders batch items the same way: another user's one-photo batch is next after the running one", async () => {
    const ctx = await context({ workers: false });
    const heavy = await person(ctx, 'heavy-batch@example.com');
    const light = await person(ctx, 'light-batch@example.com');
    expect((await batch(ctx, heavy, 'heavy', 5)).statusCode).toBe(202);
    const lightBatch = (await batch(ctx, light, 'light', 1)).json<Batch>();
    const [lightJob] = await jobsOf(ctx.database, light.id);
    const order = await startOrder(ctx, generateImageJob.name);
    expect(order.indexOf(lightJob!.id)).toBe(1);
    expect(lightBatch.counts).toMatchObject({ total: 1, running: 1 });
  });
});

describe("one user's share of the workers", () => {
  it('runs four variations at once on an idle machine, and holds a fifth image back until one of them finishes', async () => {
    const ctx = await context({ workers: false });
    const seller = await person(ctx, 'share@example.com');
    const four = await variations(ctx, seller, 'four at once', 4);
    expect(four.json<{ jobs: GenerationJob[] }>().jobs.map((job) => job.status)).toEqual(['queued', 'queued', 'queued', 'queued']);
    const fifth = (await image(ctx, seller, 'the fifth')).json<GenerationJob>();
    expect(fifth.status).toBe('waiting');
    expect((await jobsOf(ctx.database, seller.id)).map((row) => row.status)).toEqual(['queued', 'queued', 'queued', 'queued', 'waiting']);
    // Paid at once all the same.
    expect(await personalBalance(ctx.database.db, seller.id)).toBe(195);

    await ctx.startWorkers({ tasks: false });
    const done = await waitFor(
      async () => {
        const rows = await jobsOf(ctx.database, seller.id);
        return rows.every((row) => row.status === 'succeeded') ? rows : undefined;
      },
      { timeoutMs: 30_000, message: 'all five to finish' },
    );
    expect(done).toHaveLength(5);
  });

  it("counts a user's batch items in the same share, at most BATCH_RUNNING_PER_USER of them", async () => {
    const ctx = await context({ workers: false });
    const seller = await person(ctx, 'share-batch@example.com');
    expect((await batch(ctx, seller, 'catalogue', 5)).statusCode).toBe(202);
    expect((await variations(ctx, seller, 'while the batch runs', 4)).statusCode).toBe(202);
    const rows = await jobsByBatchAndStatus(ctx, seller.id);
    // Four in the queue: the batch's two, and two of the variations; the rest wait their turn.
    expect(rows).toEqual([
      { in_batch: false, status: 'queued', n: 2 },
      { in_batch: false, status: 'waiting', n: 2 },
      { in_batch: true, status: 'queued', n: 2 },
      { in_batch: true, status: 'waiting', n: 3 },
    ]);
  });

  it("gives the places a cancelled batch held to the user's waiting jobs at once", async () => {
    const ctx = await context({ workers: false });
    const seller = await person(ctx, 'share-cancel@example.com');
    const created = await batch(ctx, seller, 'catalogue', 5);
    expect(created.statusCode).toBe(202);
    expect((await variations(ctx, seller, 'behind the batch', 4)).statusCode).toBe(202);
    const cancel = await callAs(ctx, seller)('POST', `/api/batches/${created.json<Batch>().id}/cancel`);
    expect(cancel.statusCode).toBe(200);
    const rows = await jobsByBatchAndStatus(ctx, seller.id);
    // The batch's five are failed and refunded; all four variations are queued, not left to recovery's sweep.
    expect(rows).toEqual([
      { in_batch: false, status: 'queued', n: 4 },
      { in_batch: true, status: 'failed', n: 5 },
    ]);
  });
});

/** How many of a member's jobs are in each status, batch items apart from the rest. */
const jobsByBatchAndStatus = (ctx: TestContext, userId: string) =>
  queryRows<{ in_batch: boolean; status: string; n: number }>(
    ctx.database.db,
    sql`select batch_item_id is not null as in_batch, status, count(*)::int as n from generation_jobs
        where user_id = ${userId} group by 1, 2 order by 1, 2`,
  );

const queueFull = (unfinished: number, max: number) =>
  `You have ${unfinished} generations waiting or in progress; one account can have at most ${max} at a time. Please wait until some finish.`;

describe("the cap on one user's unfinished generations", () => {
  it('refuses with 429 and a clear message what would pass the cap, charging and storing nothing', async () => {
    const ctx = await context({ workers: false, env: { GENERATION_UNFINISHED_PER_USER: '6' } });
    const seller = await person(ctx, 'capped@example.com');
    expect((await variations(ctx, seller, 'four', 4)).statusCode).toBe(202);
    const reference = await upload(ctx, seller, 'reference.png', 1);
    expect((await video(ctx, seller, 'one video', reference)).statusCode).toBe(202);
    const before = await personalBalance(ctx.database.db, seller.id);

    const refused = [await variations(ctx, seller, 'two more', 2), await batch(ctx, seller, 'two photos', 2)];
    for (const res of refused) {
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toEqual({ code: 'RATE_LIMITED', message: queueFull(5, 6) });
    }
    expect((await image(ctx, seller, 'the sixth')).statusCode).toBe(202);
    for (const res of [await image(ctx, seller, 'a seventh'), await video(ctx, seller, 'another video', reference)]) {
      expect([res.statusCode, res.json().error.message]).toEqual([429, queueFull(6, 6)]);
    }
    expect(await personalBalance(ctx.database.db, seller.id)).toBe(before - 1);
    expect(await jobsOf(ctx.database, seller.id)).toHaveLength(6);
    expect(await ctx.database.db.select().from(batches).where(eq(batches.userId, seller.id))).toHaveLength(0);

    // A finished job makes room again.
    const [first] = await jobsOf(ctx.database, seller.id);
    await ctx.database.db.update(generationJobs).set({ status: 'succeeded' }).where(eq(generationJobs.id, first!.id));
    expect((await image(ctx, seller, 'room again')).statusCode).toBe(202);
  });

  it('lets exactly the cap through of many parallel requests', async () => {
    const ctx = await context({ workers: false, env: { GENERATION_UNFINISHED_PER_USER: '5' } });
    const racer = await person(ctx, 'cap-racer@example.com');
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => image(ctx, racer, `race ${i}`)));
    expect(results.filter((r) => r.statusCode === 202)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(7);
    expect(await personalBalance(ctx.database.db, racer.id)).toBe(195);
    expect(await jobsOf(ctx.database, racer.id)).toHaveLength(5);
    const usage = await ctx.database.db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.userId, racer.id), eq(creditTransactions.type, 'usage')));
    expect(usage).toHaveLength(5);
  });
});

describe('a restart with a backlog', () => {
  it("recovery's sweep starts what a lost wake-up left waiting, and leaves a full share alone", async () => {
    const ctx = await context({ workers: false });
    const seller = await person(ctx, 'sweep@example.com');
    const full = await person(ctx, 'sweep-full@example.com');
    for (let i = 0; i < 6; i++) expect((await image(ctx, seller, `sweep ${i}`)).statusCode).toBe(202);
    for (let i = 0; i < 5; i++) expect((await image(ctx, full, `full ${i}`)).statusCode).toBe(202);
    expect(await ctx.services.generation.recoverStale()).toMatchObject({ started: 0 });
    // Two of the seller's jobs finished in a process that died before it started the next ones.
    const [a, b] = await jobsOf(ctx.database, seller.id);
    await ctx.database.db
      .update(generationJobs)
      .set({ status: 'succeeded' })
      .where(inArray(generationJobs.id, [a!.id, b!.id]));
    expect(await ctx.services.generation.recoverStale()).toMatchObject({ started: 2 });
    expect((await jobsOf(ctx.database, seller.id)).map((row) => row.status)).toEqual([
      'succeeded',
      'succeeded',
      'queued',
      'queued',
      'queued',
      'queued',
    ]);
    expect((await jobsOf(ctx.database, full.id)).map((row) => row.status)).toEqual(['queued', 'queued', 'queued', 'queued', 'waiting']);
  });

  it('loses nothing: the held job runs again, the waiting ones start, every job is paid once and succeeds', async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'klipt-fair-restart-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = { WELCOME_CREDITS: '200', DATA_DIR: dataDir };
    const first = await createTestContext({ rateLimits: false, workers: false, database, env });
    const heavy = await person(first, 'restart-heavy@example.com');
    const light = await person(first, 'restart-light@example.com');
    for (let i = 0; i < 3; i++) expect((await variations(first, heavy, `restart ${i}`, 4)).statusCode).toBe(202);
    expect((await image(first, light, 'after the restart')).statusCode).toBe(202);
    // The first process's worker took one job and died mid-run: running, no heartbeat since.
    const [held] = await jobsOf(database, heavy.id);
    await claimJob(database.db, held!.id);
    await database.db
      .update(generationJobs)
      .set({ updatedAt: sql`now() - interval '5 minutes'` })
      .where(eq(generationJobs.id, held!.id));
    await first.close();

    const second = await createTestContext({ rateLimits: false, database, env, tasks: ['recover-generations'] });
    cleanups.push(() => second.close());
    const all = await waitFor(
      async () => {
        const rows = await database.db
          .select({ id: generationJobs.id, status: generationJobs.status, attempts: generationJobs.attempts })
          .from(generationJobs)
          .where(inArray(generationJobs.userId, [heavy.id, light.id]));
        return rows.every((row) => row.status === 'succeeded') ? rows : undefined;
      },
      { timeoutMs: 40_000, message: 'every job to finish after the restart' },
    );
    expect(all).toHaveLength(13);
    expect(all.find((row) => row.id === held!.id)!.attempts).toBe(2);
    expect(await personalBalance(database.db, heavy.id)).toBe(188);
    expect(await personalBalance(database.db, light.id)).toBe(199);
    const refunds = await database.db.select().from(creditTransactions).where(eq(creditTransactions.type, 'refund'));
    expect(refunds).toHaveLength(0);
  }, 60_000);
});
