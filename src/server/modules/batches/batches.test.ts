import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, pngImage } from '#test-support/images.ts';
import { callAs, person, type Person } from '#test-support/klip-people.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { openTestDatabase } from '#test-support/test-database.ts';
import { waitFor } from '#test-support/wait-for.ts';
import type { Batch, BatchItem } from '#contracts/batches.ts';
import type { Database } from '../../db/client.ts';
import { aiModels, batches, batchItems, creditTransactions, generationJobs, klips, uploads as uploadRows } from '../../db/schema/index.ts';
import { addMember, createTeam, personalBalance, selectWorkspace } from '#test-support/workspaces.ts';
import { bookOnce, getBalance } from '../credits/ledger.ts';
import { klipTagNames } from '../klips/tag-repo.ts';
import { claimJob } from '../generation/index.ts';

// postgres-pass: concurrency

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function context(options: Parameters<typeof createTestContext>[0] = {}): Promise<TestContext> {
  const ctx = await createTestContext({ rateLimits: false, ...options, env: { WELCOME_CREDITS: '60', ...options.env } });
  cleanups.push(() => ctx.close());
  return ctx;
}

const editorModel = async (ctx: TestContext) =>
  (await ctx.database.db.select().from(aiModels).where(eq(aiModels.slug, 'ai-product-photo-editor')))[0]!.id;

async function uploadProducts(ctx: TestContext, who: Person, names: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, name] of names.entries()) {
    const body = multipartBody('file', name, 'image/png', await pngImage(48, 64, i + 1));
    const res = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...SAME_ORIGIN, cookie: who.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    ids.push(res.json<{ id: string }>().id);
  }
  return ids;
}

async function startBatch(ctx: TestContext, who: Person, productUploadIds: string[], extra: object = {}) {
  return callAs(ctx, who)('POST', '/api/batches', {
    name: 'Summer Catalogue',
    modelType: 'standard',
    modelId: await editorModel(ctx),
    prompt: 'on a sunny beach, soft shadows',
    productUploadIds,
    ...extra,
  });
}

const getBatch = async (ctx: TestContext, who: Person, id: string) => (await callAs(ctx, who)('GET', `/api/batches/${id}`)).json<Batch>();
const getItems = async (ctx: TestContext, who: Person, id: string) =>
  (await callAs(ctx, who)('GET', `/api/batches/${id}/items`)).json<{ items: BatchItem[]; nextCursor: string | null }>();

const nothingToCancel = 'Nothing left to cancel: every photo of this batch has started or finished.';

const finished = (ctx: TestContext, who: Person, id: string) =>
  waitFor(
    async () => {
      const batch = await getBatch(ctx, who, id);
      return batch.status === 'running' ? undefined : batch;
    },
    { timeoutMs: 30_000, message: `batch ${id} to finish` },
  );

const jobsOf = (database: Database, batchId: string) =>
  database.db
    .select({ id: generationJobs.id, status: generationJobs.status, errorCode: generationJobs.errorCode })
    .from(generationJobs)
    .innerJoin(batchItems, eq(batchItems.jobId, generationJobs.id))
    .where(eq(batchItems.batchId, batchId))
    .orderBy(batchItems.position);

describe('a batch over product photos', () => {
  it('reserves every item at once, runs them a few at a time, and makes one klip per photo tagged with the batch name', async () => {
    const ctx = await context({ workers: false });
    const seller = await person(ctx, 'catalogue@example.com');
    const uploads = await uploadProducts(ctx, seller, ['red-sneaker.png', 'blue-bag.png', 'green-hat.png', 'lamp.png']);
    const res = await startBatch(ctx, seller, uploads);
    expect(res.statusCode).toBe(202);
    const batch = res.json<Batch>();
    expect(batch).toMatchObject({ name: 'Summer Catalogue', status: 'running', progress: 0, counts: { total: 4, waiting: 2, running: 2 } });
    expect(await personalBalance(ctx.database.db, seller.id)).toBe(56);
    // Two of the user's batch jobs at a time: the others wait (BATCH_RUNNING_PER_USER).
    expect((await jobsOf(ctx.database, batch.id)).map((job) => job.status)).toEqual(['queued', 'queued', 'waiting', 'waiting']);

    await ctx.startWorkers({ tasks: false });
    const done = await finished(ctx, seller, batch.id);
    expect(done).toMatchObject({
      status: 'finished',
      progress: 100,
      counts: { total: 4, succeeded: 4, failed: 0, waiting: 0, running: 0 },
    });
    expect(done.coverUrl).toBeTruthy();

    const { items, nextCursor } = await getItems(ctx, seller, batch.id);
    expect(nextCursor).toBeNull();
    expect(items.map((item) => [item.position, item.fileName, item.status])).toEqual([
      [0, 'red-sneaker.png', 'succeeded'],
      [1, 'blue-bag.png', 'succeeded'],
      [2, 'green-hat.png', 'succeeded'],
      [3, 'lamp.png', 'succeeded'],
    ]);
    for (const item of items) {
      expect(item.klip).not.toBeNull();
      expect(item.productUrl).toMatch(/^\/files\/uploads\/.+signature=/);
      expect(await klipTagNames(ctx.database.db, item.klip!.id)).toEqual(['summer catalogue']);
    }
    // Batch jobs never take over the editor's "latest" preview.
    expect((await callAs(ctx, seller)('GET', '/api/generations/latest?kind=image')).json()).toEqual({ job: null, variations: [] });
  });

  it('runs at most BATCH_RUNNING_PER_USER of one user at a time while others start their own', async () => {
    const ctx = await context({ workers: false, env: { BATCH_RUNNING_PER_USER: '1' } });
    const a = await person(ctx, 'a@example.com');
    const b = await person(ctx, 'b@example.com');
    const first = (await startBatch(ctx, a, await uploadProducts(ctx, a, ['1.png', '2.png', '3.png']))).json<Batch>();
    const second = (await startBatch(ctx, b, await uploadProducts(ctx, b, ['x.png']))).json<Batch>();
    expect((await jobsOf(ctx.database, first.id)).map((job) => job.status)).toEqual(['queued', 'waiting', 'waiting']);
    expect((await jobsOf(ctx.database, second.id)).map((job) => job.status)).toEqual(['queued']);
    await ctx.startWorkers({ tasks: false });
    await finished(ctx, a, first.id);
    await finished(ctx, b, second.id);
  });

  it('refuses bad requests with clear messages, charging and storing nothing', async () => {
    const ctx = await context({ workers: false });
    const seller = await person(ctx, 'strict@example.com');
    const other = await person(ctx, 'other@example.com');
    const [mine] = await uploadProducts(ctx, seller, ['mine.png']);
    const [theirs] = await uploadProducts(ctx, other, ['theirs.png']);
    const ultra = (await ctx.database.db.select().from(aiModels).where(eq(aiModels.slug, 'flux-1.1-pro-ultra')))[0]!.id;
    const tooMany = Array.from({ length: 51 }, () => crypto.randomUUID());
    const cases: Array<[object, number, string]> = [
      [{ productUploadIds: tooMany }, 400, 'A batch holds at most 50 product photos'],
      [{ productUploadIds: [] }, 400, 'Add at least one product photo'],
      [{ productUploadIds: [mine, mine] }, 400, 'Each product photo can be in a batch only once'],
      [{ productUploadIds: [mine], modelId: ultra }, 400, 'Batches need a model that takes a product photo'],
      [{ productUploadIds: [mine, theirs] }, 404, 'The uploaded image was not found. Please upload it again.'],
      [{ productUploadIds: [mine], backgroundUploadId: theirs }, 404, 'The uploaded image was not found. Please upload it again.'],
      [{ productUploadIds: [mine], name: '  ' }, 400, 'Please name the batch'],
      [{ productUploadIds: [mine], name: 'x'.repeat(33) }, 400, 'Batch names must be at most 32 characters'],
      [{ productUploadIds: [mine], modelId: crypto.randomUUID() }, 404, 'Selected model not found'],
      // The AI Editor's output is 1:1 whatever is asked: a ratio it does not take is refused, never applied.
      [
        { productUploadIds: [mine], aspectRatio: '16:9' },
        400,
        'Klipt AI Editor does not take an aspect ratio. Leave it out of the request.',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await startBatch(ctx, seller, [], body);
      expect([res.statusCode, res.json().error.message]).toEqual([status, message]);
    }
    expect(await personalBalance(ctx.database.db, seller.id)).toBe(60);
    expect(await ctx.database.db.select().from(batches)).toHaveLength(0);
    expect(await ctx.database.db.select().from(generationJobs)).toHaveLength(0);
    expect((await callAs(ctx, null)('POST', '/api/batches', {})).statusCode).toBe(401);
  });

  it('refuses a batch the balance does not cover in full (402), and of parallel batches accepts only what the balance pays', async () => {
    const ctx = await context({ workers: false, env: { WELCOME_CREDITS: '5' } });
    const seller = await person(ctx, 'racer@example.com');
    const uploads = await uploadProducts(ctx, seller, ['1.png', '2.png', '3.png', '4.png', '5.png', '6.png']);
    const tooBig = await startBatch(ctx, seller, uploads);
    expect(tooBig.statusCode).toBe(402);
    expect(tooBig.json().error.message).toBe('Not enough credits. You need 6 credits to generate 6 images.');

    const results = await Promise.all([0, 1, 2, 3].map(() => startBatch(ctx, seller, uploads.slice(0, 2))));
    expect(results.map((r) => r.statusCode).sort((a, b) => a - b)).toEqual([202, 202, 402, 402]);
    expect(await personalBalance(ctx.database.db, seller.id)).toBe(1);
    expect(await ctx.database.db.select().from(generationJobs).where(eq(generationJobs.userId, seller.id))).toHaveLength(4);
  });

  it('cancel refunds every item not started yet at once; a running one finishes; a second cancel answers 409', async () => {
    const ctx = await context({ workers: false });
    const seller = await person(ctx, 'cancel@example.com');
    const batch = (
      await startBatch(ctx, seller, await uploadProducts(ctx, seller, ['1.png', '2.png', '3.png', '4.png', '5.png']))
    ).json<Batch>();
    const [running] = await jobsOf(ctx.database, batch.id);
    expect(await claimJob(ctx.database.db, running!.id)).toBeDefined(); // a worker took the first one

    const res = await callAs(ctx, seller)('POST', `/api/batches/${batch.id}/cancel`);
    expect(res.statusCode).toBe(200);
    const { batch: after, refundedCredits } = res.json<{ batch: Batch; refundedCredits: number }>();
    expect(refundedCredits).toBe(4);
    expect(after).toMatchObject({ status: 'running', counts: { cancelled: 4, running: 1 } });
    expect(await personalBalance(ctx.database.db, seller.id)).toBe(59);
    expect((await jobsOf(ctx.database, batch.id)).map((job) => job.status)).toEqual(['running', 'failed', 'failed', 'failed', 'failed']);
    const items = (await getItems(ctx, seller, batch.id)).items;
    expect(items.slice(1).map((item) => [item.status, item.error?.message])).toEqual(
      Array.from({ length: 4 }, () => ['cancelled', 'Cancelled before it started']),
    );

    // The queued (not yet claimed) ones cannot start any more: their queue entries run to nothing.
    // The running one finishes (its worker "dies" here and recovery hands it to this one).
    await ctx.startWorkers({ tasks: false });
    await ctx.database.db
      .update(generationJobs)
      .set({ updatedAt: sql`now() - interval '5 minutes'` })
      .where(eq(generationJobs.id, running!.id));
    await ctx.services.generation.recoverStale();
    const done = await finished(ctx, seller, batch.id);
    expect(done).toMatchObject({ status: 'cancelled', canCancel: false, counts: { succeeded: 1, cancelled: 4, failed: 0 } });
    const again = await callAs(ctx, seller)('POST', `/api/batches/${batch.id}/cancel`);
    expect([again.statusCode, again.json().error]).toEqual([409, { code: 'CONFLICT', message: nothingToCancel }]);
    expect(await personalBalance(ctx.database.db, seller.id)).toBe(59);
    // A cancelled batch is not retried.
    const retry = await callAs(ctx, seller)('POST', `/api/batches/${batch.id}/retry`);
    expect([retry.statusCode, retry.json().error.message]).toEqual([400, 'This batch was cancelled']);
  });

  it('answers 409 to a cancel with nothing waiting or queued, and changes nothing: label, items, credits', async () => {
    const ctx = await context({ workers: false });
    const seller = await person(ctx, 'late-cancel@example.com');
    const batch = (await startBatch(ctx, seller, await uploadProducts(ctx, seller, ['1.png', '2.png']))).json<Batch>();
    expect(batch).toMatchObject({ status: 'running', canCancel: true });
    const jobs = await jobsOf(ctx.database, batch.id);
    // Both photos are being generated: nothing is left that a cancel could stop.
    for (const job of jobs) expect(await claimJob(ctx.database.db, job.id)).toBeDefined();
    // Everything but the signed file addresses, which are made afresh on each read.
    const snapshot = async () => ({
      batch: { ...(await getBatch(ctx, seller, batch.id)), coverUrl: null },
      items: (await getItems(ctx, seller, batch.id)).items.map(({ id, status, progress, error, jobId }) => ({
        id,
        status,
        progress,
        error,
        jobId,
      })),
      balance: await personalBalance(ctx.database.db, seller.id),
      row: (await ctx.database.db.select().from(batches).where(eq(batches.id, batch.id)))[0],
    });
    const running = await snapshot();
    expect(running.batch).toMatchObject({ status: 'running', canCancel: false, counts: { running: 2 } });
    const refused = await callAs(ctx, seller)('POST', `/api/batches/${batch.id}/cancel`);
    expect([refused.statusCode, refused.json().error]).toEqual([409, { code: 'CONFLICT', message: nothingToCancel }]);
    expect(await snapshot()).toEqual(running);

    // Finished: still 'finished', not relabelled 'cancelled'.
    await ctx.startWorkers({ tasks: false });
    await ctx.database.db
      .update(generationJobs)
      .set({ updatedAt: sql`now() - interval '5 minutes'` })
      .where(
        inArray(
          generationJobs.id,
          jobs.map((job) => job.id),
        ),
      );
    await ctx.services.generation.recoverStale();
    expect(await finished(ctx, seller, batch.id)).toMatchObject({ status: 'finished', canCancel: false, counts: { succeeded: 2 } });
    const done = await snapshot();
    const again = await callAs(ctx, seller)('POST', `/api/batches/${batch.id}/cancel`);
    expect([again.statusCode, again.json().error]).toEqual([409, { code: 'CONFLICT', message: nothingToCancel }]);
    expect(await snapshot()).toEqual(done);
    expect(done.row!.cancelledAt).toBeNull();
  });

  it('retries failed items: charged again all or nothing, refunded when they failed, and they succeed', async () => {
    const ctx = await context();
    const seller = await person(ctx, 'retry@example.com');
    const uploads = await uploadProducts(ctx, seller, ['ok.png', 'gone.png', 'ok-too.png']);
    // The second photo's file disappears before its job runs: that item fails and is refunded.
    const [gone] = await ctx.database.db.select({ key: uploadRows.key }).from(uploadRows).where(eq(uploadRows.id, uploads[1]!));
    const original = (await ctx.storage.get(gone!.key))!;
    await ctx.storage.delete(gone!.key);
    const batch = (await startBatch(ctx, seller, uploads)).json<Batch>();
    const done = await finished(ctx, seller, batch.id);
    expect(done.counts).toMatchObject({ succeeded: 2, failed: 1 });
    expect(await personalBalance(ctx.database.db, seller.id)).toBe(58);
    const failedItem = (await getItems(ctx, seller, batch.id)).items[1]!;
    expect(failedItem).toMatchObject({ status: 'failed', error: { message: 'Product image is required' } });

    await ctx.storage.put(gone!.key, original, { contentType: 'image/png', visibility: 'private' });
    const retried = await callAs(ctx, seller)('POST', `/api/batches/${batch.id}/retry`);
    expect(retried.statusCode).toBe(202);
    const after = await finished(ctx, seller, batch.id);
    expect(after.counts).toMatchObject({ succeeded: 3, failed: 0 });
    expect(await personalBalance(ctx.database.db, seller.id)).toBe(57);
    const nothing = await callAs(ctx, seller)('POST', `/api/batches/${batch.id}/retry`);
    expect([nothing.statusCode, nothing.json().error.message]).toEqual([400, 'No failed items to retry']);
  });

  it('keeps a batch to its owner: others get 404 everywhere', async () => {
    const ctx = await context({ workers: false });
    const seller = await person(ctx, 'owner@example.com');
    const stranger = await person(ctx, 'stranger@example.com');
    const batch = (await startBatch(ctx, seller, await uploadProducts(ctx, seller, ['1.png']))).json<Batch>();
    const as = callAs(ctx, stranger);
    for (const [method, url] of [
      ['GET', `/api/batches/${batch.id}`],
      ['GET', `/api/batches/${batch.id}/items`],
      ['POST', `/api/batches/${batch.id}/cancel`],
      ['POST', `/api/batches/${batch.id}/retry`],
      ['GET', `/api/batches/${batch.id}/download`],
    ] as const) {
      const res = await as(method, url);
      expect([url, res.statusCode, res.json().error.message]).toEqual([url, 404, 'Batch not found']);
    }
    expect((await as('GET', '/api/batches')).json()).toEqual({ batches: [], nextCursor: null });
    expect((await callAs(ctx, null)('GET', `/api/batches/${batch.id}`)).statusCode).toBe(401);
    expect((await callAs(ctx, seller)('GET', '/api/batches/not-a-uuid')).statusCode).toBe(400);
  });

  it('lists batches newest first, 12 per page, with a cursor', async () => {
    const ctx = await context({ workers: false });
    const seller = await person(ctx, 'many@example.com');
    const [upload] = await uploadProducts(ctx, seller, ['1.png']);
    for (let i = 0; i < 13; i++) expect((await startBatch(ctx, seller, [upload!], { name: `Batch ${i}` })).statusCode).toBe(202);
    const first = (await callAs(ctx, seller)('GET', '/api/batches')).json<{ batches: Batch[]; nextCursor: string }>();
    expect(first.batches.map((b) => b.name)).toEqual(Array.from({ length: 12 }, (_, i) => `Batch ${12 - i}`));
    const second = (await callAs(ctx, seller)('GET', `/api/batches?cursor=${first.nextCursor}`)).json<{
      batches: Batch[];
      nextCursor: null;
    }>();
    expect(second).toMatchObject({ batches: [{ name: 'Batch 0' }], nextCursor: null });
    expect((await callAs(ctx, seller)('GET', '/api/batches?cursor=garbage')).statusCode).toBe(400);
  });
});

describe('the batch ZIP', () => {
  let ctx: TestContext;
  let seller: Person;
  let batch: Batch;
  beforeAll(async () => {
    ctx = await createTestContext({ rateLimits: false });
    seller = await person(ctx, 'zip@example.com');
    batch = (
      await startBatch(ctx, seller, await uploadProducts(ctx, seller, ['Red Sneaker.png', 'blue-bag.PNG', 'Red Sneaker.png']))
    ).json<Batch>();
    await finished(ctx, seller, batch.id);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('holds every finished image, named after the batch and the product photos, each a readable image', async () => {
    const res = await callAs(ctx, seller)('GET', `/api/batches/${batch.id}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="summer-catalogue.zip"');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toEqual(['01-red-sneaker.png', '02-blue-bag.png', '03-red-sneaker.png']);
    const klipRows = await ctx.database.db.select().from(klips).where(eq(klips.userId, seller.id));
    for (const data of Object.values(files)) {
      const meta = await sharp(Buffer.from(data)).metadata();
      expect(meta.format).toBe('png');
      expect(klipRows.some((k) => k.width === meta.width && k.height === meta.height)).toBe(true);
    }
  });

  it('exports every image to a preset when asked: Amazon main images are 2000×2000 JPEGs', async () => {
    const res = await callAs(ctx, seller)('GET', `/api/batches/${batch.id}/download?preset=amazon-main`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="summer-catalogue-amazon-main.zip"');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toEqual(['01-red-sneaker.jpg', '02-blue-bag.jpg', '03-red-sneaker.jpg']);
    for (const data of Object.values(files)) {
      const meta = await sharp(Buffer.from(data)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 2000, 2000]);
    }
    const bad = await callAs(ctx, seller)('GET', `/api/batches/${batch.id}/download?preset=billboard`);
    expect([bad.statusCode, bad.json().error.message]).toEqual([400, 'Choose one of the export presets']);
  });

  it('answers 400 while nothing is finished', async () => {
    const idle = await context({ workers: false });
    const owner = await person(idle, 'idle@example.com');
    const pending = (await startBatch(idle, owner, await uploadProducts(idle, owner, ['1.png']))).json<Batch>();
    const res = await callAs(idle, owner)('GET', `/api/batches/${pending.id}/download`);
    expect([res.statusCode, res.json().error.message]).toEqual([400, 'No finished images to download yet']);
  });
});

describe('a restart in the middle of a batch', () => {
  it('loses nothing: the job a dead worker held is run again, the waiting ones start, every item is paid once', async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    // Both processes share the database and the files, as a restarted server does.
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'klipt-restart-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = { WELCOME_CREDITS: '60', DATA_DIR: dataDir };
    const first = await createTestContext({ rateLimits: false, workers: false, database, env });
    const seller = await person(first, 'restart@example.com');
    const batch = (
      await startBatch(first, seller, await uploadProducts(first, seller, ['1.png', '2.png', '3.png', '4.png', '5.png']))
    ).json<Batch>();
    // The first process's worker took one job and died mid-run: running, no heartbeat since.
    const [held] = await jobsOf(database, batch.id);
    await claimJob(database.db, held!.id);
    await database.db
      .update(generationJobs)
      .set({ updatedAt: sql`now() - interval '5 minutes'` })
      .where(eq(generationJobs.id, held!.id));
    await first.close();

    const second = await createTestContext({ rateLimits: false, database, env, tasks: ['recover-generations'] });
    cleanups.push(() => second.close());
    const done = await finished(second, seller, batch.id);
    expect(done).toMatchObject({ status: 'finished', counts: { succeeded: 5, failed: 0, cancelled: 0 } });
    expect(await personalBalance(database.db, seller.id)).toBe(55);
    const jobIds = (await jobsOf(database, batch.id)).map((job) => job.id);
    const ledger = await database.db
      .select()
      .from(creditTransactions)
      .where(
        and(
          eq(creditTransactions.userId, seller.id),
          inArray(
            creditTransactions.reference,
            jobIds.map((id) => `generation:${id}`),
          ),
        ),
      );
    expect(ledger.map((row) => row.type)).toEqual(['usage', 'usage', 'usage', 'usage', 'usage']);
    expect(await database.db.select().from(klips).where(eq(klips.userId, seller.id))).toHaveLength(5);
  });
});

describe("a team's batches", () => {
  it('are paid by the team, listed to its members working in it, and not found for anyone else; uploads serve their own workspace only', async () => {
    const ctx = await context({ workers: false });
    const db = ctx.database.db;
    const [lead, helper, outsider] = await Promise.all([
      person(ctx, 'lead@example.com'),
      person(ctx, 'helper@example.com'),
      person(ctx, 'outsider@example.com'),
    ]);
    const teamId = await createTeam(db, lead.id, 'Catalogue Team');
    await addMember(db, teamId, helper.id, 'member');
    await bookOnce(db, { workspaceId: teamId, userId: lead.id, amount: 20, type: 'grant', reference: `test-team-grant:${teamId}` });

    // An upload made in the personal workspace does not feed a team batch.
    const personalUploads = await uploadProducts(ctx, helper, ['personal.png']);
    await selectWorkspace(db, helper.id, teamId);
    expect((await startBatch(ctx, helper, personalUploads)).statusCode).toBe(404);

    const teamUploads = await uploadProducts(ctx, helper, ['team-a.png', 'team-b.png']);
    const [teamUpload] = await db.select().from(uploadRows).where(eq(uploadRows.id, teamUploads[0]!));
    expect(teamUpload).toMatchObject({ workspaceId: teamId, userId: helper.id });
    const res = await startBatch(ctx, helper, teamUploads);
    expect(res.statusCode).toBe(202);
    const batch = res.json<Batch>();
    expect(await getBalance(db, teamId)).toBe(18);
    expect(await personalBalance(db, helper.id)).toBe(60);
    const [row] = await db.select().from(batches).where(eq(batches.id, batch.id));
    expect(row).toMatchObject({ workspaceId: teamId, userId: helper.id });

    const listed = async (who: Person) =>
      (await callAs(ctx, who)('GET', '/api/batches')).json<{ batches: Batch[] }>().batches.map((b) => b.id);
    // The lead works in his personal workspace: not in his list until he switches to the team.
    expect(await listed(lead)).not.toContain(batch.id);
    await selectWorkspace(db, lead.id, teamId);
    expect(await listed(lead)).toContain(batch.id);
    expect((await callAs(ctx, lead)('GET', `/api/batches/${batch.id}`)).statusCode).toBe(200);
    // Cancelling refunds the team, for the member who spent.
    expect((await callAs(ctx, lead)('POST', `/api/batches/${batch.id}/cancel`)).json()).toMatchObject({ refundedCredits: 2 });
    expect(await getBalance(db, teamId)).toBe(20);
    const refunds = await db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.type, 'refund'), eq(creditTransactions.workspaceId, teamId)));
    expect(refunds.map((r) => r.userId)).toEqual([helper.id, helper.id]);

    expect(await listed(outsider)).not.toContain(batch.id);
    expect((await callAs(ctx, outsider)('GET', `/api/batches/${batch.id}`)).statusCode).toBe(404);
    expect((await callAs(ctx, outsider)('GET', `/api/batches/${batch.id}/items`)).statusCode).toBe(404);
  });
});
