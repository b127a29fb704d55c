import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSegmindFake, type SegmindFake } from '../../../../tests/fakes/segmind-fake.ts';
import { verifiedUser } from '../../../../tests/support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '../../../../tests/support/test-app.ts';
import { openTestDatabase } from '../../../../tests/support/test-database.ts';
import { waitFor } from '../../../../tests/support/wait-for.ts';
import type { GenerationJob } from '../../../contracts/generation.ts';
import { generationStreamsPerUser } from '../../../contracts/limits.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { aiModels } from '../../db/schema/index.ts';
import { createAiProviders } from '../../providers/ai/index.ts';
import { createSegmindImageProvider } from '../../providers/ai/segmind/segmind-image-provider.ts';
import * as repo from './repo.ts';
import { createStreamLimit } from './stream-limit.ts';

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

describe('live progress streams', () => {
  let database: Database;
  let api: TestContext;
  let address: string;
  let modelId: string;
  const opened: Stream[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    // An API instance without workers: the jobs stay queued until a test runs them.
    api = await createTestContext({ rateLimits: false, workers: false, database });
    address = await api.app.server.listen({ port: 0, host: '127.0.0.1' });
    modelId = (await database.db.select().from(aiModels).where(eq(aiModels.slug, 'flux-1.1-pro-ultra')))[0]!.id;
  });
  afterAll(async () => {
    for (const stream of opened) stream.close();
    await api.close();
    await database.close();
  });

  const accept = async (cookie: string, prompt: string): Promise<GenerationJob> => {
    const res = await api.app.server.inject({
      method: 'POST',
      url: '/api/generations',
      headers: { ...SAME_ORIGIN, cookie },
      payload: { modelType: 'standard', modelId, prompt },
    });
    expect(res.statusCode).toBe(202);
    return res.json<GenerationJob>();
  };
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
  let worker: TestContext;
  let segmind: SegmindFake;
  let stream: Stream | undefined;

  beforeAll(async () => {
    database = await openTestDatabase();
    api = await createTestContext({ rateLimits: false, workers: false, database });
    segmind = await startSegmindFake();
    const env = { SEGMIND_API_KEY: segmind.apiKey, SEGMIND_BASE_URL: segmind.url };
    // A worker instance on the same database: its changes reach the API instance only through the database.
    worker = await createTestContext({
      rateLimits: false,
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
    // The provider answers after 3 s: the watcher's 1-second ticks see the job running meanwhile.
    segmind.enqueue({ kind: 'slow', delayMs: 3_000 });
    const res = await api.app.server.inject({
      method: 'POST',
      url: '/api/generations',
      headers: { ...SAME_ORIGIN, cookie },
      payload: { modelType: 'standard', modelId, prompt: 'a kettle on a stove' },
    });
    expect(res.statusCode).toBe(202);
    const opened = await openStream(address, res.json<GenerationJob>().id, cookie);
    stream = opened;
    await waitFor(() => opened.ended, { timeoutMs: 20_000, message: 'the stream to end with the job' });
    expect(opened.events.some((e) => e.status === 'running' && e.progress > 0)).toBe(true);
    expect(opened.events.at(-1)).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(opened.events.at(-1)!.klip?.id).toBeTruthy();
    const progress = opened.events.map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });
});
