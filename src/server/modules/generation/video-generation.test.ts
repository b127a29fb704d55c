import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSegmindVideoFake, type SegmindVideoFake } from '#test-fakes/segmind-video-fake.ts';
import { multipartBody, pngImage } from '#test-support/images.ts';
import { verifiedUser, userIdOf } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { openTestDatabase } from '#test-support/test-database.ts';
import { waitFor } from '#test-support/wait-for.ts';
import { videoGenerationSteps, type GenerationJob } from '#contracts/generation.ts';
import { loadConfig } from '../../config.ts';
import { creditTransactions, generationJobs } from '../../db/schema/index.ts';
import { probeVideo } from '../../lib/video-probe.ts';
import { createAiProviders } from '../../providers/ai/index.ts';
import { createSegmindVideoProvider } from '../../providers/ai/segmind/segmind-video-provider.ts';
import { bookOnce } from '../credits/ledger.ts';
import { personalWorkspaceId } from '../workspaces/personal-repo.ts';
import { personalBalance } from '#test-support/workspaces.ts';

// postgres-pass: concurrency

let ctx: TestContext;
let seller: string;
let other: string;
let reference: string;

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object | Buffer, headers: Record<string, string> = {}) =>
  ctx.app.server.inject({ method, url, headers: { ...SAME_ORIGIN, cookie, ...headers }, ...(payload ? { payload } : {}) });

const startVideo = (cookie: string, body: object, on = ctx) =>
  on.app.server.inject({ method: 'POST', url: '/api/generations/video', headers: { ...SAME_ORIGIN, cookie }, payload: body });

async function uploadImage(cookie: string, image: Buffer, on = ctx): Promise<string> {
  const body = multipartBody('file', 'product.png', 'image/png', image);
  const res = await on.app.server.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...SAME_ORIGIN, cookie, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

async function finished(cookie: string, id: string): Promise<GenerationJob> {
  return waitFor(
    async () => {
      const job = (await call('GET', `/api/generations/${id}`, cookie)).json<GenerationJob>();
      return job.status === 'succeeded' || job.status === 'failed' ? job : undefined;
    },
    { timeoutMs: 30_000, message: `video ${id} to finish` },
  );
}

/** Sets a user's balance with an adjustment row (as an operator would). */
async function setBalance(on: TestContext, userId: string, balance: number) {
  const now = await personalBalance(on.database.db, userId);
  if (now !== balance)
    await bookOnce(on.database.db, {
      workspaceId: await personalWorkspaceId(on.database.db, userId),
      userId,
      amount: balance - now,
      type: 'adjustment',
      reference: `test:${userId}:${Date.now()}`,
    });
}

beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: false, env: { WELCOME_CREDITS: '30' } });
  seller = await verifiedUser(ctx, 'video-seller@example.com');
  other = await verifiedUser(ctx, 'video-other@example.com');
  reference = await uploadImage(seller, await pngImage(480, 640, 3));
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

describe('a video generation', () => {
  it('reserves 5 credits, runs as a video job through the five steps and saves a playable MP4 klip', async () => {
    const sellerId = await userIdOf(ctx, 'video-seller@example.com');
    const before = await personalBalance(ctx.database.db, sellerId);
    const res = await startVideo(seller, {
      subject: 'sneaker',
      effect: 'rotate_it',
      referenceUploadId: reference,
      videoLength: 1,
      resolution: 360,
      steps: 20,
    });
    expect(res.statusCode).toBe(202);
    const created = res.json<GenerationJob>();
    expect(created).toMatchObject({
      kind: 'video',
      status: 'queued',
      cost: 5,
      step: 0,
      progress: 0,
      stepLabel: videoGenerationSteps[0].message,
      prompt: 'sneaker',
      video: { subject: 'sneaker', effect: 'rotate_it', referenceUploadId: reference, videoLength: 1, resolution: 360, steps: 20 },
    });
    expect(created.video!.seed).toBeLessThan(1_000_000);
    expect(await personalBalance(ctx.database.db, sellerId)).toBe(before - 5);

    // Live progress: the steps only move forward and end at "saving", 100 %.
    const address = await ctx.app.server.listen({ port: 0, host: '127.0.0.1' });
    const stream = await fetch(`${address}/api/generations/${created.id}/events`, { headers: { cookie: seller } });
    const events = (await stream.text())
      .split('\n\n')
      .filter((block) => block.startsWith('event: job'))
      .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as GenerationJob);
    const steps = events.map((e) => e.step);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(events.at(-1)).toMatchObject({ status: 'succeeded', step: 4, progress: 100 });
    expect(events.filter((e) => e.status === 'running').every((e) => e.progress === (e.step + 1) * 20)).toBe(true);

    const job = await finished(seller, created.id);
    const klip = job.klip!;
    expect(klip).toMatchObject({
      klipType: 'video',
      prompt: 'sneaker',
      modelName: 'Klipt Video Effects',
      source: 'local',
      isPublic: false,
    });
    // The reference is portrait 3:4: the short side is the resolution.
    expect(klip.width).toBe(360);
    expect(klip.height).toBe(480);
    const attrs = Object.fromEntries(klip.attributes.map((a) => [a.name, a.value]));
    expect(attrs).toMatchObject({ subject: 'sneaker', effect: 'rotate_it', video_length: '1', resolution: '360', steps: '20' });
    expect(attrs['seed']).toBe(String(created.video!.seed));
    expect(Number(attrs['duration'])).toBeCloseTo(1, 0);

    const video = await ctx.app.server.inject({ url: klip.imageUrl, headers: { cookie: seller } });
    expect(video.headers['content-type']).toBe('video/mp4');
    const probed = await probeVideo(video.rawPayload);
    expect(probed).toMatchObject({ codec: 'h264', pixelFormat: 'yuv420p', width: 360, height: 480 });
    const poster = await ctx.app.server.inject({ url: klip.posterUrl!, headers: { cookie: seller } });
    expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 360, height: 480 });
    const thumb = await ctx.app.server.inject({ url: klip.thumbnailUrl!, headers: { cookie: seller } });
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');

    const download = await call('GET', `/api/klips/${klip.id}/download?name=sneaker`, seller);
    expect(download.headers['content-type']).toBe('video/mp4');
    expect(download.headers['content-disposition']).toBe('attachment; filename="sneaker.mp4"');
    expect((await call('GET', `/api/klips/${klip.id}/download`, other)).statusCode).toBe(404);

    // A reload finds it again; nobody else does.
    expect((await call('GET', '/api/generations/latest?kind=video', seller)).json().job.id).toBe(created.id);
    expect((await call('GET', '/api/generations/latest?kind=video', other)).json().job).toBeNull();
    expect((await call('GET', '/api/generations/latest?kind=image', seller)).json().job).toBeNull();
    expect(await personalBalance(ctx.database.db, sellerId)).toBe(before - 5);
  });

  it('applies the defaults: 3 s, 560 px, 30 steps', async () => {
    const res = await startVideo(other, {
      subject: 'mug',
      effect: 'squish_it',
      referenceUploadId: await uploadImage(other, await pngImage(64, 64)),
    });
    expect(res.statusCode).toBe(202);
    expect(res.json<GenerationJob>().video).toMatchObject({ videoLength: 3, resolution: 560, steps: 30 });
    await finished(other, res.json<GenerationJob>().id);
  });
});

const valid = () => ({ subject: 'sneaker', effect: 'squish_it', referenceUploadId: reference });

describe('refusals charge nothing', () => {
  it.each([
    ['no subject', { subject: '  ' }, 'Please enter a subject'],
    ['a subject of 201 characters', { subject: 's'.repeat(201) }, 'Subject must be at most 200 characters'],
    ["the spec's jumbo_me (jungle_me at the provider)", { effect: 'jumbo_me' }, 'Choose one of the twenty effects'],
    ['no reference image', { referenceUploadId: undefined }, 'Please upload a reference image.'],
    ['a length of 0 s', { videoLength: 0 }, 'Video length must be a whole number of seconds from 1 to 5'],
    ['a length of 6 s', { videoLength: 6 }, 'Video length must be a whole number of seconds from 1 to 5'],
    ['a length of 2.5 s', { videoLength: 2.5 }, 'Video length must be a whole number of seconds from 1 to 5'],
    ['a resolution of 720', { resolution: 720 }, 'Resolution must be 360, 480, 560 or 640'],
    ['9 steps', { steps: 9 }, 'Steps must be a whole number from 10 to 70'],
    ['71 steps', { steps: 71 }, 'Steps must be a whole number from 10 to 70'],
  ])('%s', async (_label, patch, message) => {
    const id = await userIdOf(ctx, 'video-seller@example.com');
    const before = await personalBalance(ctx.database.db, id);
    const res = await startVideo(seller, { ...valid(), ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect(await personalBalance(ctx.database.db, id)).toBe(before);
  });

  it("refuses someone else's upload as not found", async () => {
    const res = await startVideo(other, valid());
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('The uploaded image was not found. Please upload it again.');
  });

  it('refuses a balance of 4 credits with the spec message', async () => {
    const poor = await verifiedUser(ctx, 'video-poor@example.com');
    const poorId = await userIdOf(ctx, 'video-poor@example.com');
    await setBalance(ctx, poorId, 4);
    const res = await startVideo(poor, { ...valid(), referenceUploadId: await uploadImage(poor, await pngImage(64, 64)) });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe('Not enough credits. You need 5 credits to generate a video.');
    expect(await personalBalance(ctx.database.db, poorId)).toBe(4);
    const jobs = await ctx.database.db.select().from(generationJobs).where(eq(generationJobs.userId, poorId));
    expect(jobs).toHaveLength(0);
  });

  it('needs a confirmed session', async () => {
    const res = await ctx.app.server.inject({ method: 'POST', url: '/api/generations/video', headers: SAME_ORIGIN, payload: valid() });
    expect(res.statusCode).toBe(401);
  });
});

describe('the spend race', () => {
  it('accepts exactly 2 of 6 parallel video requests on a balance of 12', async () => {
    const race = await createTestContext({ rateLimits: false, workers: false, env: { WELCOME_CREDITS: '12' } });
    try {
      const cookie = await verifiedUser(race, 'video-racer@example.com');
      const id = await userIdOf(race, 'video-racer@example.com');
      const upload = await uploadImage(cookie, await pngImage(64, 64), race);
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          startVideo(cookie, { subject: `race ${i}`, effect: 'zap_me', referenceUploadId: upload }, race),
        ),
      );
      expect(results.filter((r) => r.statusCode === 202)).toHaveLength(2);
      expect(results.filter((r) => r.statusCode === 402)).toHaveLength(4);
      expect(await personalBalance(race.database.db, id)).toBe(2);
      const usage = await race.database.db
        .select()
        .from(creditTransactions)
        .where(and(eq(creditTransactions.userId, id), eq(creditTransactions.type, 'usage')));
      expect(usage.map((u) => u.amount)).toEqual([-5, -5]);
      const jobs = await race.database.db.select().from(generationJobs).where(eq(generationJobs.userId, id));
      expect(jobs.map((j) => j.kind)).toEqual(['video', 'video']);
    } finally {
      await race.close();
    }
  });
});

describe('failures refund the 5 credits exactly once', () => {
  let segmind: SegmindVideoFake;
  let failing: TestContext;
  let cookie: string;
  let id: string;
  let upload: string;

  beforeAll(async () => {
    segmind = await startSegmindVideoFake();
    failing = await createTestContext({
      rateLimits: false,
      env: { WELCOME_CREDITS: '50' },
      deps: {
        ai: {
          ...createAiProviders(loadConfig({})),
          videos: createSegmindVideoProvider({ apiKey: segmind.apiKey, baseUrl: segmind.url, sleep: async () => {}, timeoutMs: 5_000 }),
        },
      },
    });
    cookie = await verifiedUser(failing, 'video-unlucky@example.com');
    id = await userIdOf(failing, 'video-unlucky@example.com');
    upload = await uploadImage(cookie, await pngImage(64, 64), failing);
  });
  afterAll(async () => {
    await failing.close();
    await segmind.close();
  });

  const refunds = (jobId: string) =>
    failing.database.db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.type, 'refund'), eq(creditTransactions.reference, `generation:${jobId}`)));
  const failed = (jobId: string) =>
    waitFor(async () => {
      const j = (await failing.app.server.inject({ url: `/api/generations/${jobId}`, headers: { cookie } })).json<GenerationJob>();
      return j.status === 'failed' ? j : j.status === 'succeeded' ? Promise.reject(new Error('succeeded')) : undefined;
    });
  const start = async () => {
    const res = await startVideo(
      cookie,
      { subject: 'sneaker', effect: 'crush_it', referenceUploadId: upload, videoLength: 1, resolution: 360 },
      failing,
    );
    expect(res.statusCode).toBe(202);
    return res.json<GenerationJob>();
  };

  it('says why the provider failed, refunds once, and a second run or recovery changes nothing', async () => {
    const before = await personalBalance(failing.database.db, id);
    segmind.outcomes.push({ kind: 'fail', error: 'Could not find a subject in the image' });
    const job = await start();
    expect(await personalBalance(failing.database.db, id)).toBe(before - 5);
    const done = await failed(job.id);
    expect(done.error).toEqual({ code: 'PROVIDER_FAILED', message: 'Could not find a subject in the image' });
    expect(done.refunded).toBe(true);
    await failing.services.generation.run(job.id);
    await failing.services.generation.recoverStale();
    expect(await refunds(job.id)).toMatchObject([{ amount: 5 }]);
    expect(await personalBalance(failing.database.db, id)).toBe(before);
  });

  it('blames nobody but the operator when Segmind is out of credits', async () => {
    segmind.submits.push({ kind: 'error', status: 406, body: { error: 'Insufficient credits' } });
    const done = await failed((await start()).id);
    expect(done.error).toEqual({
      code: 'PROVIDER_UNAVAILABLE',
      message: 'Video generation is temporarily unavailable. Please try again later.',
    });
  });

  it('refuses an answer that is not a video', async () => {
    segmind.outcomes.push({ kind: 'not-video' });
    const done = await failed((await start()).id);
    expect(done.error?.message).toBe('Invalid response from video generation API');
    expect(done.refunded).toBe(true);
  });

  it('saves a Segmind video as a klip with its size from the file', async () => {
    const job = await start();
    const done = await waitFor(async () => {
      const j = (await failing.app.server.inject({ url: `/api/generations/${job.id}`, headers: { cookie } })).json<GenerationJob>();
      return j.status === 'succeeded' ? j : undefined;
    });
    expect(done.klip).toMatchObject({ klipType: 'video', source: 'segmind', width: 320, height: 240 });
    expect(
      segmind.requests.find((r) => r.path === '/v2/video-effects' && (r.body as { effect: string }).effect === 'crush_it'),
    ).toBeTruthy();
  });

  it('fails and refunds a video job lost after its last attempt, once, even if recovery runs twice', async () => {
    // Two processes on one database and neither runs workers: a live worker could finish the job
    // between the test marking it lost and the recoveries running (it did once, on PostgreSQL).
    const database = await openTestDatabase();
    const first = await createTestContext({ rateLimits: false, workers: false, database });
    const second = await createTestContext({ rateLimits: false, workers: false, database });
    try {
      const owner = await verifiedUser(first, 'video-lost@example.com');
      const ownerId = await userIdOf(first, 'video-lost@example.com');
      const photo = await uploadImage(owner, await pngImage(64, 64), first);
      const before = await personalBalance(database.db, ownerId);
      const res = await startVideo(
        owner,
        { subject: 'sneaker', effect: 'crush_it', referenceUploadId: photo, videoLength: 1, resolution: 360 },
        first,
      );
      expect(res.statusCode).toBe(202);
      const job = res.json<GenerationJob>();
      expect(await personalBalance(database.db, ownerId)).toBe(before - 5);
      await database.db
        .update(generationJobs)
        .set({ status: 'running', attempts: 3, updatedAt: new Date(Date.now() - 120_000) })
        .where(eq(generationJobs.id, job.id));
      const results = await Promise.all([first.services.generation.recoverStale(), second.services.generation.recoverStale()]);
      expect(results.map((r) => r.failed).sort((a, b) => a - b)).toEqual([0, 1]);
      const done = (await first.app.server.inject({ url: `/api/generations/${job.id}`, headers: { cookie: owner } })).json<GenerationJob>();
      expect(done).toMatchObject({ status: 'failed', refunded: true, error: { code: 'GENERATION_LOST' } });
      const refunded = await database.db
        .select()
        .from(creditTransactions)
        .where(and(eq(creditTransactions.type, 'refund'), eq(creditTransactions.reference, `generation:${job.id}`)));
      expect(refunded).toHaveLength(1);
      expect(await personalBalance(database.db, ownerId)).toBe(before);
    } finally {
      await second.close();
      await first.close();
      await database.close();
    }
  });
});
