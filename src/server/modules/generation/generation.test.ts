import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { segmindAnswers, startSegmindFake, type SegmindFake } from '#test-fakes/segmind-fake.ts';
import { multipartBody, pngImage } from '#test-support/images.ts';
import { signUpVerified, verifiedUser } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { waitFor } from '#test-support/wait-for.ts';
import type { GenerationJob } from '#contracts/generation.ts';
import { aiModels, creditTransactions, generationJobs, trainedModels, users } from '../../db/schema/index.ts';
import { personalBalance, signedInUser } from '#test-support/workspaces.ts';
import { aiWithSegmind } from '#test-support/segmind-ai.ts';

// postgres-pass: concurrency

let ctx: TestContext;
let segmind: SegmindFake;
let seller: string;
let other: string;
let models: { ultra: string; editor: string; fit: string; trainedPublic: string };

async function modelIds() {
  const rows = await ctx.database.db.select().from(aiModels);
  const bySlug = (slug: string) => rows.find((r) => r.slug === slug)!.id;
  const [trained] = await ctx.database.db.select().from(trainedModels).where(eq(trainedModels.isPublic, true)).limit(1);
  return {
    ultra: bySlug('flux-1.1-pro-ultra'),
    editor: bySlug('ai-product-photo-editor'),
    fit: bySlug('segfit-v1.1'),
    trainedPublic: trained!.id,
  };
}

beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: false });
  models = await modelIds();
  seller = await signUpVerified(ctx, 'seller@example.com');
  other = await signUpVerified(ctx, 'other@example.com');
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object | Buffer, headers: Record<string, string> = {}) =>
  ctx.app.server.inject({ method, url, headers: { ...SAME_ORIGIN, cookie, ...headers }, ...(payload ? { payload } : {}) });

const start = (cookie: string, body: object) => call('POST', '/api/generations', cookie, body);

async function userId(email: string) {
  const [u] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return u!.id;
}

async function finished(cookie: string, id: string): Promise<GenerationJob> {
  return waitFor(
    async () => {
      const job = (await call('GET', `/api/generations/${id}`, cookie)).json<GenerationJob>();
      return job.status === 'succeeded' || job.status === 'failed' ? job : undefined;
    },
    { timeoutMs: 20_000, message: `generation ${id} to finish` },
  );
}

async function upload(cookie: string, image: Buffer, name = 'product.png', type = 'image/png') {
  const body = multipartBody('file', name, type, image);
  return call('POST', '/api/uploads', cookie, body.payload, body.headers);
}

const uploadedId = async (cookie: string, seed: number) => (await upload(cookie, await pngImage(64, 64, seed))).json<{ id: string }>().id;

describe('image generation with the local renderer', () => {
  it('runs as a job: answers at once, then stores the klip with thumbnail, dimensions and attributes', async () => {
    const before = await personalBalance(ctx.database.db, await userId('seller@example.com'));
    const res = await start(seller, {
      modelType: 'standard',
      modelId: models.ultra,
      prompt: 'red sneaker on a beach at sunset',
      aspectRatio: '16:9',
    });
    expect(res.statusCode).toBe(202);
    const created = res.json<GenerationJob>();
    expect(created).toMatchObject({ status: 'queued', cost: 1, modelName: 'Klipt Ultra 1.1', provider: 'local', klip: null });

    const job = await finished(seller, created.id);
    expect(job.status).toBe('succeeded');
    expect(job.progress).toBe(100);
    const klip = job.klip!;
    expect(klip).toMatchObject({
      klipType: 'image',
      prompt: 'red sneaker on a beach at sunset',
      modelName: 'Klipt Ultra 1.1',
      source: 'local',
      isPublic: false,
      width: 1024,
      height: 576,
    });
    const attrs = Object.fromEntries(klip.attributes.map((a) => [a.name, a.value]));
    expect(attrs).toMatchObject({ aspect_ratio: '16:9', model: 'flux-1.1-pro-ultra', width: '1024', height: '576' });
    expect(Number(attrs['seed'])).toBeLessThan(1_000_000);

    // A new klip is private: its owner is handed a signed URL, and the bare file is not found (docs/operations.md#media-files).
    expect(klip.imageUrl).toMatch(/\?expires=\d+&signature=/);
    expect((await ctx.app.server.inject(klip.imageUrl.split('?')[0]!)).statusCode).toBe(404);
    const image = await ctx.app.server.inject({ url: klip.imageUrl });
    expect(image.headers['content-type']).toBe('image/png');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(1024);
    // The thumbnail follows the image within the same job run.
    const thumbnailUrl = await waitFor(
      async () => (await call('GET', `/api/generations/${created.id}`, seller)).json<GenerationJob>().klip?.thumbnailUrl ?? undefined,
    );
    const thumb = await ctx.app.server.inject({ url: thumbnailUrl });
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBeLessThanOrEqual(512);

    expect(await personalBalance(ctx.database.db, await userId('seller@example.com'))).toBe(before - 1);
    const me = await call('GET', '/api/me', seller);
    expect(me.json().credits).toBe(before - 1);
  });

  it('composites a product with the AI editor and puts an outfit on a model with KliptFit', async () => {
    const product = (await upload(seller, await pngImage(400, 400, 5))).json();
    expect(product.url).toMatch(/^\/files\/uploads\//);
    const editor = (
      await start(seller, { modelType: 'standard', modelId: models.editor, prompt: 'on a marble counter', productUploadId: product.id })
    ).json();
    expect((await finished(seller, editor.id)).klip?.modelName).toBe('Klipt AI Editor');

    const outfit = (await upload(seller, await pngImage(300, 500, 9))).json();
    const fit = (
      await start(seller, { modelType: 'standard', modelId: models.fit, prompt: 'summer look', outfitUploadId: outfit.id })
    ).json();
    const done = await finished(seller, fit.id);
    expect(done.klip).toMatchObject({ modelName: 'KliptFit', width: 683, height: 1024 });
  });

  it('renders a public trained model in its own style', async () => {
    const job = (await start(seller, { modelType: 'trained', modelId: models.trainedPublic, prompt: 'a candle on a shelf' })).json();
    const done = await finished(seller, job.id);
    expect(done.status).toBe('succeeded');
    const attrs = Object.fromEntries(done.klip!.attributes.map((a) => [a.name, a.value]));
    expect(attrs).toMatchObject({ finetune_strength: '1.1', safety_tolerance: '2', output_format: 'png', image_prompt_strength: '0.1' });
  });

  it('shows the latest job after a reload, and only to its owner', async () => {
    const job = (await start(seller, { modelType: 'standard', modelId: models.ultra, prompt: 'teal perfume bottle' })).json();
    expect((await call('GET', '/api/generations/latest?kind=image', seller)).json().job.id).toBe(job.id);
    expect((await call('GET', `/api/generations/${job.id}`, other)).statusCode).toBe(404);
    expect((await call('GET', '/api/generations/latest?kind=image', other)).json().job).toBeNull();
    await finished(seller, job.id);
  });

  it('streams progress as Server-Sent Events until the job finishes', async () => {
    const job = (await start(seller, { modelType: 'standard', modelId: models.ultra, prompt: 'gold watch on slate' })).json();
    const address = await ctx.app.server.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/generations/${job.id}/events`, { headers: { cookie: seller } });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const text = await res.text();
    const events = text
      .split('\n\n')
      .filter((block) => block.startsWith('event: job'))
      .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as GenerationJob);
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(events.at(-1)!.status).toBe('succeeded');
    const progress = events.map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('downloads a klip as generated-image.jpg, converted on the server, for its owner only', async () => {
    const job = (await start(seller, { modelType: 'standard', modelId: models.ultra, prompt: 'mug by a window' })).json();
    const klip = (await finished(seller, job.id)).klip!;
    const url = `/api/klips/${klip.id}/download?format=jpg&name=generated-image`;
    const res = await call('GET', url, seller);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toBe('attachment; filename="generated-image.jpg"');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
    expect((await call('GET', url, other)).statusCode).toBe(404);
    expect((await ctx.app.server.inject(url)).statusCode).toBe(404);
  });
});

describe('refusals charge nothing', () => {
  it.each([
    [
      'an unknown model',
      () => ({ modelType: 'standard', modelId: '00000000-0000-4000-8000-000000000000', prompt: 'x' }),
      404,
      'Selected model not found',
    ],
    [
      'an unknown trained model',
      () => ({ modelType: 'trained', modelId: '00000000-0000-4000-8000-000000000000', prompt: 'x' }),
      404,
      'Selected trained model not found',
    ],
    [
      'the product editor without a product',
      () => ({ modelType: 'standard', modelId: models.editor, prompt: 'x' }),
      400,
      'Product image is required',
    ],
    ['KliptFit without an outfit', () => ({ modelType: 'standard', modelId: models.fit, prompt: 'x' }), 400, 'Outfit image is required'],
    ['an empty prompt', () => ({ modelType: 'standard', modelId: models.ultra, prompt: '   ' }), 400, 'Please enter a prompt'],
    [
      'a prompt of 2,001 characters (too long is not "missing")',
      () => ({ modelType: 'standard', modelId: models.ultra, prompt: 'p'.repeat(2001) }),
      400,
      'Prompt must be at most 2,000 characters',
    ],
    [
      'an unknown aspect ratio',
      () => ({ modelType: 'standard', modelId: models.ultra, prompt: 'x', aspectRatio: '5:1' }),
      400,
      'Choose an aspect ratio: 1:1, 16:9, 4:3 or 3:2',
    ],
  ])('%s', async (_label, body, status, message) => {
    const id = await userId('other@example.com');
    const before = await personalBalance(ctx.database.db, id);
    const res = await start(other, body());
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toContain(message);
    expect(await personalBalance(ctx.database.db, id)).toBe(before);
  });

  it("refuses another user's upload and an inactive model", async () => {
    const mine = (await upload(seller, await pngImage(64, 64))).json();
    const res = await start(other, { modelType: 'standard', modelId: models.editor, prompt: 'x', productUploadId: mine.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('The uploaded image was not found. Please upload it again.');
    await ctx.database.db.update(aiModels).set({ isActive: false }).where(eq(aiModels.id, models.fit));
    try {
      const inactive = await start(other, { modelType: 'standard', modelId: models.fit, prompt: 'x', outfitUploadId: mine.id });
      expect(inactive.json().error.message).toBe('Selected model not found');
    } finally {
      await ctx.database.db.update(aiModels).set({ isActive: true }).where(eq(aiModels.id, models.fit));
    }
  });

  it('needs a confirmed session', async () => {
    const res = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/generations',
      headers: SAME_ORIGIN,
      payload: { modelType: 'standard', modelId: models.ultra, prompt: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});

// docs/product-rules.md#generation: a model takes only the settings of its mode.
describe('a setting the model does not take is refused, nothing charged, no job', () => {
  let product: string;
  let background: string;
  let outfit: string;
  beforeAll(async () => {
    [product, background, outfit] = [await uploadedId(other, 1), await uploadedId(other, 2), await uploadedId(other, 3)];
  });

  it.each([
    ['Klipt AI Editor', 'an aspect ratio', () => ({ modelId: models.editor, productUploadId: product, aspectRatio: '16:9' })],
    ['Klipt AI Editor', 'an aspect ratio', () => ({ modelId: models.editor, productUploadId: product, aspectRatio: '1:1' })],
    ['Klipt AI Editor', 'an outfit image', () => ({ modelId: models.editor, productUploadId: product, outfitUploadId: outfit })],
    ['KliptFit', 'an aspect ratio', () => ({ modelId: models.fit, outfitUploadId: outfit, aspectRatio: '4:3' })],
    ['KliptFit', 'a product image', () => ({ modelId: models.fit, outfitUploadId: outfit, productUploadId: product })],
    ['KliptFit', 'a background image', () => ({ modelId: models.fit, outfitUploadId: outfit, backgroundUploadId: background })],
    ['Klipt Ultra 1.1', 'a product image', () => ({ modelId: models.ultra, productUploadId: product })],
    ['Klipt Ultra 1.1', 'an outfit image', () => ({ modelId: models.ultra, aspectRatio: '16:9', outfitUploadId: outfit })],
  ])('%s with %s', async (model, setting, body) => {
    const id = await userId('other@example.com');
    const before = await personalBalance(ctx.database.db, id);
    const jobsBefore = await ctx.database.db.$count(generationJobs, eq(generationJobs.userId, id));
    for (const path of ['/api/generations', '/api/generations/variations']) {
      const res = await call('POST', path, other, { modelType: 'standard', prompt: 'on a marble counter', ...body() });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: `${model} does not take ${setting}. Leave it out of the request.`,
      });
    }
    expect(await personalBalance(ctx.database.db, id)).toBe(before);
    expect(await ctx.database.db.$count(generationJobs, eq(generationJobs.userId, id))).toBe(jobsBefore);
  });

  it('a trained model with a product image', async () => {
    const res = await start(other, { modelType: 'trained', modelId: models.trainedPublic, prompt: 'x', productUploadId: product });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^.+ does not take a product image\. Leave it out of the request\.$/);
  });

  it('the same request without the setting is accepted, and the AI Editor makes a 1:1 image of 1024 × 1024', async () => {
    const id = await userId('other@example.com');
    const before = await personalBalance(ctx.database.db, id);
    const res = await start(other, {
      modelType: 'standard',
      modelId: models.editor,
      prompt: 'on a marble counter',
      productUploadId: product,
    });
    expect(res.statusCode).toBe(202);
    const done = await finished(other, res.json<GenerationJob>().id);
    expect(done).toMatchObject({ status: 'succeeded', aspectRatio: '1:1' });
    expect(done.klip).toMatchObject({ modelName: 'Klipt AI Editor', width: 1024, height: 1024 });
    expect(await personalBalance(ctx.database.db, id)).toBe(before - 1);
  });
});

describe('uploads', () => {
  it('accepts PNG, JPEG and GIF by their bytes and re-encodes them', async () => {
    for (const format of ['png', 'jpeg', 'gif'] as const) {
      const data = await sharp(await pngImage(80, 60))
        .toFormat(format)
        .toBuffer();
      const res = await upload(seller, data, `My Photo (1).${format}`, `image/${format}`);
      expect(res.statusCode, format).toBe(201);
      expect(res.json()).toMatchObject({ width: 80, height: 60, mimeType: 'image/png', originalName: 'My-Photo-1-.' + format });
    }
  });

  it('refuses WebP, fake images and files over 10485760 bytes with the spec messages', async () => {
    const webp = await upload(
      seller,
      await sharp(await pngImage(10, 10))
        .webp()
        .toBuffer(),
      'x.webp',
      'image/webp',
    );
    expect(webp.statusCode).toBe(415);
    expect(webp.json().error.message).toBe('File type must be image/png, image/jpeg or image/gif');
    const fake = await upload(seller, Buffer.from('GIF89a not really'), 'x.gif', 'image/gif');
    expect(fake.statusCode).toBe(415);
    const big = await upload(seller, Buffer.concat([await pngImage(8, 8), Buffer.alloc(10_485_761)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe('File is larger than 10485760 bytes');
  });
});

describe('failures and recovery', () => {
  let failing: TestContext;
  let cookie: string;
  let id: string;

  beforeAll(async () => {
    segmind = await startSegmindFake();
    const env = { SEGMIND_API_KEY: segmind.apiKey, SEGMIND_BASE_URL: segmind.url };
    failing = await createTestContext({
      rateLimits: false,
      env,
      deps: {
        ai: aiWithSegmind(segmind, env),
      },
    });
    cookie = await signUpVerified(failing, 'unlucky@example.com');
    const [u] = await failing.database.db.select().from(users).where(eq(users.email, 'unlucky@example.com'));
    id = u!.id;
  });
  afterAll(async () => {
    await failing.close();
    await segmind.close();
  });

  const ultra = async () => (await failing.database.db.select().from(aiModels).where(eq(aiModels.slug, 'flux-1.1-pro-ultra')))[0]!.id;
  const refunds = async (jobId: string) =>
    failing.database.db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.type, 'refund'), eq(creditTransactions.reference, `generation:${jobId}`)));

  it('refunds exactly once when the provider fails, and says why', async () => {
    segmind.enqueue(segmindAnswers.error(400, 'Prompt contains blocked words'));
    const before = await personalBalance(failing.database.db, id);
    const job = (
      await failing.app.server.inject({
        method: 'POST',
        url: '/api/generations',
        headers: { ...SAME_ORIGIN, cookie },
        payload: { modelType: 'standard', modelId: await ultra(), prompt: 'x' },
      })
    ).json();
    const done = await waitFor(async () => {
      const j = (await failing.app.server.inject({ url: `/api/generations/${job.id}`, headers: { cookie } })).json<GenerationJob>();
      return j.status === 'failed' ? j : undefined;
    });
    expect(done.error?.message).toBe('Prompt contains blocked words');
    expect(done.refunded).toBe(true);
    expect(await personalBalance(failing.database.db, id)).toBe(before);
    // Running it again (a duplicate delivery) changes nothing.
    await failing.services.generation.run(job.id);
    await failing.services.generation.recoverStale();
    expect(await refunds(job.id)).toHaveLength(1);
    expect(await personalBalance(failing.database.db, id)).toBe(before);
  });

  it('reports an out-of-credits provider as an operator problem, not the user’s', async () => {
    segmind.enqueue(segmindAnswers.insufficientCredits());
    const job = (
      await failing.app.server.inject({
        method: 'POST',
        url: '/api/generations',
        headers: { ...SAME_ORIGIN, cookie },
        payload: { modelType: 'standard', modelId: await ultra(), prompt: 'y' },
      })
    ).json();
    const done = await waitFor(async () => {
      const j = (await failing.app.server.inject({ url: `/api/generations/${job.id}`, headers: { cookie } })).json<GenerationJob>();
      return j.status === 'failed' ? j : undefined;
    });
    expect(done.error).toEqual({
      code: 'PROVIDER_UNAVAILABLE',
      message: 'Image generation is temporarily unavailable. Please try again later.',
    });
    expect(done.error!.message).not.toMatch(/credit/i);
    expect(await refunds(job.id)).toHaveLength(1);
  });
});

describe('recovery after a restart', () => {
  it('resumes a job whose worker died, and fails + refunds one that keeps dying', async () => {
    // No workers here: the test plays the crashed process and the restarted one by hand.
    const restart = await createTestContext({ rateLimits: false, workers: false });
    try {
      await verifiedUser(restart, 'crash@example.com');
      const [u] = await restart.database.db.select().from(users).where(eq(users.email, 'crash@example.com'));
      const id = u!.id;
      const caller = await signedInUser(restart.database.db, id);
      const { generation } = restart.services;
      const modelId = (await restart.database.db.select().from(aiModels).where(eq(aiModels.slug, 'flux-1.1-pro-ultra')))[0]!.id;
      const body = { modelType: 'standard' as const, modelId, prompt: 'resume me', aspectRatio: '1:1' as const };
      const crash = async (jobId: string, attempts: number) =>
        restart.database.db
          .update(generationJobs)
          .set({ status: 'running', attempts, updatedAt: sql`now() - interval '1 minute'` })
          .where(eq(generationJobs.id, jobId));
      const queued = async () => (await restart.jobs.boss.findJobs('generate-image', { queued: true })).length;

      // The worker took the job, then the process died: running, heartbeat a minute old.
      const crashed = await generation.createImage(caller, body);
      await restart.jobs.boss.deleteAllJobs('generate-image');
      await crash(crashed.id, 1);
      expect(await generation.recoverStale()).toEqual({ resent: 0, requeued: 1, failed: 0, started: 0 });
      expect((await generation.get(id, crashed.id)).status).toBe('queued');
      expect(await queued()).toBe(1);
      await generation.run(crashed.id);
      const resumed = await generation.get(id, crashed.id);
      expect(resumed.status).toBe('succeeded');
      expect(resumed.klip).not.toBeNull();

      // A job that died on its last allowed attempt is failed and refunded, once.
      const doomed = await generation.createImage(caller, { ...body, prompt: 'doomed' });
      await restart.jobs.boss.deleteAllJobs('generate-image');
      await crash(doomed.id, 3);
      const before = await personalBalance(restart.database.db, id);
      expect(await generation.recoverStale()).toEqual({ resent: 0, requeued: 0, failed: 1, started: 0 });
      expect(await generation.recoverStale()).toEqual({ resent: 0, requeued: 0, failed: 0, started: 0 });
      const lost = await generation.get(id, doomed.id);
      expect(lost).toMatchObject({ status: 'failed', refunded: true, error: { code: 'GENERATION_LOST' } });
      expect(await personalBalance(restart.database.db, id)).toBe(before + 1);
      const refundRows = await restart.database.db
        .select()
        .from(creditTransactions)
        .where(and(eq(creditTransactions.type, 'refund'), eq(creditTransactions.reference, `generation:${doomed.id}`)));
      expect(refundRows).toHaveLength(1);

      // A job still being worked on (fresh heartbeat) is left alone.
      const alive = await generation.createImage(caller, { ...body, prompt: 'alive' });
      await restart.database.db
        .update(generationJobs)
        .set({ status: 'running', attempts: 1, updatedAt: sql`now()` })
        .where(eq(generationJobs.id, alive.id));
      expect(await generation.recoverStale()).toEqual({ resent: 0, requeued: 0, failed: 0, started: 0 });
    } finally {
      await restart.close();
    }
  });
});

describe('the spend race', () => {
  it('accepts exactly min(N, K) of N parallel requests on a balance of K', async () => {
    const race = await createTestContext({ rateLimits: false, workers: false, env: { WELCOME_CREDITS: '5' } });
    try {
      const cookie = await verifiedUser(race, 'racer@example.com');
      const [u] = await race.database.db.select().from(users).where(eq(users.email, 'racer@example.com'));
      const modelId = (await race.database.db.select().from(aiModels).where(eq(aiModels.slug, 'flux-1.1-pro-ultra')))[0]!.id;
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          race.app.server.inject({
            method: 'POST',
            url: '/api/generations',
            headers: { ...SAME_ORIGIN, cookie },
            payload: { modelType: 'standard', modelId, prompt: `race ${i}` },
          }),
        ),
      );
      const accepted = results.filter((r) => r.statusCode === 202);
      const refused = results.filter((r) => r.statusCode === 402);
      expect(accepted).toHaveLength(5);
      expect(refused).toHaveLength(15);
      for (const r of refused)
        expect(r.json().error).toEqual({
          code: 'INSUFFICIENT_CREDITS',
          message: 'Not enough credits. You need 1 credits to generate an image.',
        });
      expect(await personalBalance(race.database.db, u!.id)).toBe(0);
      const jobs = await race.database.db.select().from(generationJobs).where(eq(generationJobs.userId, u!.id));
      expect(jobs).toHaveLength(5);
    } finally {
      await race.close();
    }
  });
});
