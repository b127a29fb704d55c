import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSegmindFake, type SegmindFake } from '#test-fakes/segmind-fake.ts';
import { verifiedUser } from '#test-support/session.ts';
import { createTestContext, createTestWorker, SAME_ORIGIN, type TestContext, type TestWorker } from '#test-support/test-app.ts';
import { openTestDatabase } from '#test-support/test-database.ts';
import { waitFor } from '#test-support/wait-for.ts';
import type { GenerationJob } from '#contracts/generation.ts';
import { generationStreamsPerUser } from '#contracts/limits.ts';
import { loadConfig } from '../../config.ts';
import { silentLogger } from '../../lib/logger.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { pgNotify } from '../../db/pg-listener.ts';
import { aiModels, generationJobs } from '../../db/schema/index.ts';
import { createAiProviders } from '../../providers/ai/index.ts';
import { createSegmindImageProvider } from '../../providers/ai/segmind/segmind-image-provider.ts';
import { createLocalGenerationEvents, generationListenerName, generationProgressChannel, type GenerationEvents } from './events.ts';
import * as repo from './repo.ts';
import { createStreamLimit } from './stream-limit.ts';
import { createGenerationWatcher } from './watcher.ts';

// postgres-pass: processes

// The repo's reads, counted: the watcher's one read per tick, and the single-job read a stream
// would make if it polled on its own (docs/operations.md#live-progress-streams).
vi.mock('./repo.ts', async (importOriginal) => {
  const original = await importOriginal<typeof repo>();
  return {
    ...original,
    findJobsByIds: vi.fn<typeof original.findJobsByIds>(original.findJobsByIds),
    findUserJob: vi.fn<typeof original.findUserJob>(original.findUserJob),
  };
});

const onPostgres = Boolean(process.env['TEST_DATABASE_URL']);

/** One open Server-Sent Events stream: the `job` events received so far, and whether the server ended it. */
interface Stream {
  events: GenerationJob[];
  ended: boolean;
  close(): void;
}

async function openStream(address: string, jobId: string, cookie: string): Promise<Stream> {
  const controller = new AbortController();
  const res = await fetch(`${address}/api/generations/${jobId}/events`, { headers: { cookie }, signal: controller.signal });
  expect(res.status).toBe(200);
  const stream: Stream = { events: [], ended: false, close: () => controller.abort() };
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('event: job')) stream.events.push(JSON.parse(block.slice(block.indexOf('data: ') + 6)) as GenerationJob);
        }
      }
      stream.ended = true;
    } catch {
      // aborted by the test
    }
  })();
  await waitFor(() => stream.events.length > 0, { message: 'the first event of the stream' });
  return stream;
}

/** Starts an image generation as `cookie` on `api` (202, queued). */
async function acceptGeneration(api: TestContext, modelId: string, cookie: string, prompt: string): Promise<GenerationJob> {
  const res = await api.app.server.inject({
    method: 'POST',
    url: '/api/generations',
    headers: { ...SAME_ORIGIN, cookie },
    payload: { modelType: 'standard', modelId, prompt },
  });
  expect(res.statusCode).toBe(202);
  return res.json<GenerationJob>();
}

describe('the per-user stream limit', () => {
  it('closes the oldest beyond the limit, and a stream that ended frees its place', () => {
    const limit = createStreamLimit(2);
    const closed: string[] = [];
    const open = (user: string, name: string) => {
      const release = limit.open(user, () => {
        closed.push(name);
        release();
      });
      return release;
    };
    open('ann', 'a1');
    const a2 = open('ann', 'a2');
    open('bob', 'b1');
    open('ann', 'a3');
    expect(closed).toEqual(['a1']);
    a2(); // the browser went away
    open('ann', 'a4');
    expect(closed).toEqual(['a1']);
    open('ann', 'a5');
    expect(closed).toEqual(['a1', 'a3']);
    open('bob', 'b2');
    expect(closed).toEqual(['a1', 'a3']);
  });
});

/** A watcher on stub events (whether other instances are heard is the test's to say) that counts its reads. */
function watcherWithStubs() {
  let hears = false;
  const events: GenerationEvents = { ...createLocalGenerationEvents(), hearsOtherInstances: () => hears };
  const reads: string[][] = [];
  const watcher = createGenerationWatcher({
    db: {} as Database['db'],
    events,
    logger: silentLogger(),
    serialize: () => Promise.reject(new Error('no row is ever found')),
    pollMs: 100,
    backstopMs: 1_000,
    findJobs: async (_db, ids) => {
      reads.push([...ids]);
      return [];
    },
  });
  return { events, watcher, reads, hearOtherInstances: (value: boolean) => (hears = value) };
}

describe("the watcher's pace", () => {
  afterEach(() => vi.useRealTimers());

  it('reads every tick while other instances cannot be heard, and only every backstop while they can', async () => {
    vi.useFakeTimers();
    const { watcher, reads, hearOtherInstances } = watcherWithStubs();
    watcher.watch('a', () => {});
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads).toHaveLength(10);

    reads.length = 0;
    hearOtherInstances(true);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(reads).toEqual([['a'], ['a'], ['a']]);

    reads.length = 0;
    hearOtherInstances(false); // the listening connection dropped
    await vi.advanceTimersByTimeAsync(300);
    expect(reads).toHaveLength(3);
  });

  it('reads a job at once when told it changed, and a newly watched one at once only while other instances are heard', async () => {
    const { events, watcher, reads, hearOtherInstances } = watcherWithStubs();
    const unwatch = [watcher.watch('a', () => {})];
    expect(reads).toEqual([]); // in-process only, as on PGlite: the next tick reads it
    events.publish('a');
    hearOtherInstances(true);
    unwatch.push(watcher.watch('b', () => {}));
    await waitFor(() => reads.length === 2, { message: 'two reads' });
    expect(reads).toEqual([['a'], ['b']]);
    for (const stop of unwatch) stop();
  });
});

describe('live progress streams', () => {
  let database: Database;
  let api: TestContext;
  let address: string;
  let modelId: string;
  const opened: Stream[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    // An API instance without workers: the jobs stay queued until a test runs them. Its watcher
    // reads every second on both databases (on PostgreSQL the default backstop is slower).
    api = await createTestContext({ rateLimits: false, workers: false, database, deps: { liveProgress: { backstopMs: 1_000 } } });
    address = await api.app.server.listen({ port: 0, host: '127.0.0.1' });
    modelId = (await database.db.select().from(aiModels).where(eq(aiModels.slug, 'flux-1.1-pro-ultra')))[0]!.id;
  });
  afterAll(async () => {
    for (const stream of opened) stream.close();
    await api.close();
    await database.close();
  });

  const accept = (cookie: string, prompt: string) => acceptGeneration(api, modelId, cookie, prompt);
  const open = async (jobId: string, cookie: string) => {
    const stream = await openStream(address, jobId, cookie);
    opened.push(stream);
    return stream;
  };

  it(`keeps ${generationStreamsPerUser} streams per user open: the next one closes that user's oldest`, async () => {
    const cookie = await verifiedUser(api, 'tabs@example.com');
    const neighbour = await verifiedUser(api, 'neighbour@example.com');
    const job = await accept(cookie, 'a vase of tulips');
    const theirs = await open((await accept(neighbour, 'a teapot')).id, neighbour);

    const streams: Stream[] = [];
    for (let i = 0; i < generationStreamsPerUser; i++) streams.push(await open(job.id, cookie));
    expect(streams.some((s) => s.ended)).toBe(false);

    streams.push(await open(job.id, cookie));
    await waitFor(() => streams[0]!.ended, { message: 'the oldest stream to be closed' });
    streams.push(await open(job.id, cookie));
    await waitFor(() => streams[1]!.ended, { message: 'the next oldest stream to be closed' });
    // The job finishes: every stream still open gets the final state and ends; the other user's stream was never touched.
    await api.services.generation.run(job.id);
    const stillOpen = streams.slice(2);
    expect(stillOpen).toHaveLength(generationStreamsPerUser);
    await waitFor(() => stillOpen.every((s) => s.ended), { message: 'the open streams to end with the job' });
    for (const s of stillOpen) expect(s.events.at(-1)!.status).toBe('succeeded');
    expect(theirs.ended).toBe(false);
  });

  it('reads every watched job in one query per tick, however many streams watch them', async () => {
    const first = await verifiedUser(api, 'many@example.com');
    const second = await verifiedUser(api, 'more@example.com');
    const jobs = [
      ...(await Promise.all([1, 2, 3].map((n) => accept(first, `lamp ${n}`)))),
      ...(await Promise.all([1, 2].map((n) => accept(second, `chair ${n}`)))),
    ];
    const cookieOf = (i: number) => (i < 3 ? first : second);
    for (const [i, job] of jobs.entries()) {
      await open(job.id, cookieOf(i));
      await open(job.id, cookieOf(i));
    }

    // On PostgreSQL a newly watched job is read at once; those reads are over once the listener is up.
    if (onPostgres) await waitFor(() => api.services.generationEvents.hearsOtherInstances(), { message: 'the listener' });
    expect(api.services.generationEvents.hearsOtherInstances()).toBe(onPostgres);
    await api.services.generationWatcher.poll();
    const findJobsByIds = vi.mocked(repo.findJobsByIds);
    const findUserJob = vi.mocked(repo.findUserJob);
    findJobsByIds.mockClear();
    findUserJob.mockClear();
    await waitFor(() => findJobsByIds.mock.calls.length >= 3, { message: 'three ticks of the watcher' });
    // Each tick is one read covering every watched job (those of the first test's neighbour too),
    // and no stream reads its job on its own.
    for (const [, ids] of findJobsByIds.mock.calls) expect(ids).toEqual(expect.arrayContaining(jobs.map((j) => j.id)));
    expect(findUserJob).not.toHaveBeenCalled();
  });
});

describe('a live progress stream on a job another instance runs', () => {
  let database: Database;
  let api: TestContext;
  let worker: TestWorker;
  let segmind: SegmindFake;
  let stream: Stream | undefined;

  beforeAll(async () => {
    database = await openTestDatabase();
    api = await createTestContext({ rateLimits: false, workers: false, database });
    segmind = await startSegmindFake();
    const env = { SEGMIND_API_KEY: segmind.apiKey, SEGMIND_BASE_URL: segmind.url };
    // A worker instance on the same database: its changes reach the API instance only through the database.
    worker = await createTestWorker({
      env,
      database,
      deps: {
        ai: {
          ...createAiProviders(loadConfig(env)),
          standardImages: createSegmindImageProvider({ apiKey: segmind.apiKey, baseUrl: segmind.url, timeoutMs: 10_000 }),
        },
      },
    });
  });
  afterAll(async () => {
    stream?.close();
    await worker.close();
    await api.close();
    await segmind.close();
    await database.close();
  });

  it('receives progress while it runs, then the final state', async () => {
    const cookie = await verifiedUser(api, 'remote@example.com');
    const address = await api.app.server.listen({ port: 0, host: '127.0.0.1' });
    const modelId = (await database.db.select().from(aiModels).where(eq(aiModels.slug, 'flux-1.1-pro-ultra')))[0]!.id;
    // The provider answers after 3 s: the API instance sees the job running meanwhile (through its
    // 1-second ticks on PGlite, through NOTIFY on PostgreSQL).
    segmind.enqueue({ kind: 'slow', delayMs: 3_000 });
    const res = await api.app.server.inject({
      method: 'POST',
      url: '/api/generations',
      headers: { ...SAME_ORIGIN, cookie },
      payload: { modelType: 'standard', modelId, prompt: 'a kettle on a stove' },
    });
    expect(res.statusCode).toBe(202);
    const jobId = res.json<GenerationJob>().id;
    const opened = await openStream(address, jobId, cookie);
    stream = opened;
    // The job takes 3 s; the wait is generous because CI's PostgreSQL pass runs this beside other
    // files on two cores. A timeout says where the job stood, so a slow worker and a lost change differ.
    await waitFor(() => opened.ended, { timeoutMs: 40_000, message: 'the stream to end with the job' }).catch(async (err: Error) => {
      const [row] = await database.db.select().from(generationJobs).where(eq(generationJobs.id, jobId));
      const seen = opened.events.map((e) => `${e.status}:${e.progress}`).join(', ');
      throw new Error(
        `${err.message}; the job is ${row?.status} at ${row?.progress} (error: ${row?.errorMessage ?? 'none'}); the stream saw [${seen}]`,
      );
    });
    expect(opened.events.some((e) => e.status === 'running' && e.progress > 0)).toBe(true);
    expect(opened.events.at(-1)).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(opened.events.at(-1)!.klip?.id).toBeTruthy();
    const progress = opened.events.map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });
});

describe.skipIf(!onPostgres)('across instances through PostgreSQL LISTEN/NOTIFY (npm run test:db; PGlite is one process)', () => {
  let database: Database;
  let api: TestContext;
  let address: string;
  let modelId: string;
  let segmind: SegmindFake;
  const opened: Stream[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    // An API instance whose backstop read (60 s) never comes within a test: while its listener is
    // up only NOTIFY tells it of other instances' changes; while it is down it polls every second.
    api = await createTestContext({
      rateLimits: false,
      workers: false,
      database,
      deps: { liveProgress: { pollMs: 1_000, backstopMs: 60_000, reconnectMs: { first: 3_000, max: 3_000 } } },
    });
    address = await api.app.server.listen({ port: 0, host: '127.0.0.1' });
    modelId = (await database.db.select().from(aiModels).where(eq(aiModels.slug, 'flux-1.1-pro-ultra')))[0]!.id;
    segmind = await startSegmindFake();
  });
  afterAll(async () => {
    for (const stream of opened) stream.close();
    await api.close();
    await segmind.close();
    await database.close();
  });

  const accept = (cookie: string, prompt: string) => acceptGeneration(api, modelId, cookie, prompt);
  const open = async (jobId: string, cookie: string) => {
    const stream = await openStream(address, jobId, cookie);
    opened.push(stream);
    return stream;
  };
  const hears = () => api.services.generationEvents.hearsOtherInstances();
  const listening = () => waitFor(hears, { message: "the API instance's listener" });
  const listeners = () =>
    queryRows<{ pid: number }>(
      database.db,
      sql`select pid from pg_stat_activity where application_name = ${generationListenerName} and datname = current_database()`,
    );

  it("brings a worker instance's progress and final state to a stream on the API instance through NOTIFY", async () => {
    const cookie = await verifiedUser(api, 'notify@example.com');
    const job = await accept(cookie, 'a kettle on a stove');
    const stream = await open(job.id, cookie);
    await listening();

    // The worker starts after the stream is open, so everything it does is told through NOTIFY.
    segmind.enqueue({ kind: 'slow', delayMs: 1_000 });
    const env = { SEGMIND_API_KEY: segmind.apiKey, SEGMIND_BASE_URL: segmind.url };
    const worker = await createTestWorker({
      env,
      database,
      deps: {
        ai: {
          ...createAiProviders(loadConfig(env)),
          standardImages: createSegmindImageProvider({ apiKey: segmind.apiKey, baseUrl: segmind.url, timeoutMs: 10_000 }),
        },
      },
    });
    try {
      // A new worker instance sets up its queue on PostgreSQL first: under CI's load that alone took seconds.
      await waitFor(() => stream.ended, { timeoutMs: 30_000, message: 'the stream to end with the job' });
      // Only the API instance listens; the worker instance only notifies.
      expect(await listeners()).toHaveLength(1);
    } finally {
      await worker.close();
    }
    expect(hears()).toBe(true); // up all along: no poll was due
    expect(stream.events[0]!.status).toBe('queued');
    expect(stream.events.some((e) => e.status === 'running' && e.progress > 0 && e.progress < 100)).toBe(true);
    expect(stream.events.at(-1)).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(stream.events.at(-1)!.klip?.id).toBeTruthy();
  });

  it('polls every second while its listening connection is down, and hears NOTIFY again once it reconnects', async () => {
    const cookie = await verifiedUser(api, 'reconnect@example.com');
    const job = await accept(cookie, 'a lantern');
    await repo.claimJob(database.db, job.id); // another instance's worker took it
    const stream = await open(job.id, cookie);
    await listening();
    // What another instance's worker does: write the job, then publish (pg_notify) the change.
    const change = async (write: () => Promise<unknown>) => {
      await write();
      await pgNotify(database.db, generationProgressChannel, job.id);
    };
    const progress = (value: number) => change(() => repo.recordProgress(database.db, job.id, value, 1));
    const received = (value: number) => waitFor(() => stream.events.some((e) => e.progress === value), { message: `progress ${value}` });

    await progress(30);
    await received(30);

    const [listener, ...others] = await listeners();
    expect(others).toEqual([]);
    await queryRows(database.db, sql`select pg_terminate_backend(${listener!.pid})`);
    await waitFor(() => !hears(), { message: 'the API instance to notice its listener is gone' });
    await progress(50);
    await received(50);
    expect(hears()).toBe(false); // read by the 1-second poll: the listener comes back after 3 s

    await listening();
    expect((await listeners()).map((l) => l.pid)).not.toContain(listener!.pid);
    await progress(70);
    await received(70);
    await change(() => repo.markFailed(database.db, job.id, { code: 'PROVIDER_FAILED', message: 'The provider gave up.' }));
    await waitFor(() => stream.ended, { message: 'the stream to end with the job' });
    expect(stream.events.at(-1)).toMatchObject({ status: 'failed', progress: 70 });
  });

  it("reads its own change once: the instance's own notice coming back is skipped", async () => {
    const events = api.services.generationEvents;
    const told = { mine: 0, theirs: 0 };
    const unsubscribe = [events.subscribe('mine', () => told.mine++), events.subscribe('theirs', () => told.theirs++)];
    await listening();
    // A connection of the test's own hears the channel too, to know when the instance's notice has gone out.
    const probe = new pg.Client({ connectionString: database.connectionString! });
    const heard: string[] = [];
    probe.on('notification', (message) => heard.push(message.payload!));
    await probe.connect();
    try {
      await probe.query(`LISTEN ${generationProgressChannel}`);
      events.publish('mine');
      expect(told.mine).toBe(1); // told here at once
      await waitFor(() => heard.includes('mine'), { message: "the instance's notice" });
      // Notices reach a listener in commit order: when a later one arrives, 'mine' has come back before it.
      await pgNotify(database.db, generationProgressChannel, 'theirs');
      await waitFor(() => told.theirs === 1, { message: "another instance's notice" });
      expect(told.mine).toBe(1);
    } finally {
      await probe.end();
      for (const off of unsubscribe) off();
    }
  });
});
