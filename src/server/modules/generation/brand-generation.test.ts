import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Batch } from '#contracts/batches.ts';
import type { GenerationJob } from '#contracts/generation.ts';
import { startSegmindFake, type SegmindFake } from '#test-fakes/segmind-fake.ts';
import { createBrandKit, kitUrl } from '#test-support/brand-kits.ts';
import { multipartBody, pngImage } from '#test-support/images.ts';
import { userWithId } from '#test-support/stored-klip.ts';
import { aiWithSegmind } from '#test-support/segmind-ai.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { waitFor } from '#test-support/wait-for.ts';
import { givePlan } from '#test-support/workspaces.ts';
import { aiModels, generationJobs, klipAttributes, klips } from '../../db/schema/index.ts';
import { getBalance } from '../credits/ledger.ts';
import { personalWorkspaceId } from '../workspaces/personal-repo.ts';

// postgres-pass: same

// 'Use brand kit' on generation (docs/product-rules.md#brand-kits): the kit's clauses reach the
// provider, the local renderer draws in its colours, the klip records the kit (and survives its deletion).

const kit = {
  name: 'Sunny',
  voice: 'Warm, playful and honest.',
  avoidWords: ['cheap'],
  colors: [
    { name: 'Coral', hex: '#ff7f6a' },
    { name: 'Navy', hex: '#1d2b53' },
  ],
};
const CLAUSES = 'warm, playful, honest mood, brand colours coral and navy';

type Seller = { id: string; cookie: string; workspaceId: string; kitId: string };

/** A seller whose personal workspace is on Growth and has the kit. */
async function sellerWithKit(ctx: TestContext, email: string): Promise<Seller> {
  const user = await userWithId(ctx, email);
  const workspaceId = await personalWorkspaceId(ctx.database.db, user.id);
  await givePlan(ctx.database.db, workspaceId, user.id, 'growth');
  const created = await createBrandKit(ctx, user.cookie, workspaceId, kit);
  return { ...user, workspaceId, kitId: created.id };
}

const call = (ctx: TestContext, method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  ctx.app.server.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, ...(payload ? { payload } : {}) });

const modelId = async (ctx: TestContext, slug: string) =>
  (await ctx.database.db.select().from(aiModels).where(eq(aiModels.slug, slug)))[0]!.id;

async function finished(ctx: TestContext, cookie: string, id: string): Promise<GenerationJob> {
  return waitFor(
    async () => {
      const job = (await call(ctx, 'GET', `/api/generations/${id}`, cookie)).json<GenerationJob>();
      return job.status === 'succeeded' || job.status === 'failed' ? job : undefined;
    },
    { timeoutMs: 20_000, message: `generation ${id} to finish` },
  );
}

async function klipRow(ctx: TestContext, klipId: string) {
  const [row] = await ctx.database.db.select().from(klips).where(eq(klips.id, klipId));
  const attributes = await ctx.database.db.select().from(klipAttributes).where(eq(klipAttributes.klipId, klipId));
  return { row: row!, attributes: Object.fromEntries(attributes.map((a) => [a.name, a.value])) };
}

describe('on-brand images with the local renderer', () => {
  let ctx: TestContext;
  let seller: Seller;
  beforeAll(async () => {
    ctx = await createTestContext({ rateLimits: false, env: { WELCOME_CREDITS: '60' } });
    seller = await sellerWithKit(ctx, 'brand-seller@example.com');
  });
  afterAll(async () => {
    await ctx.close();
  });

  const generate = async (brandKitId?: string) => {
    const res = await call(ctx, 'POST', '/api/generations', seller.cookie, {
      modelType: 'standard',
      modelId: await modelId(ctx, 'flux-1.1-pro-ultra'),
      prompt: 'a cheap white mug on a table',
      seed: 1234,
      ...(brandKitId ? { brandKitId } : {}),
    });
    expect(res.statusCode).toBe(202);
    return finished(ctx, seller.cookie, res.json<GenerationJob>().id);
  };

  it('records the kit on the klip, keeps the seller’s prompt, and draws in the kit’s colours', async () => {
    const branded = await generate(seller.kitId);
    expect(branded.status).toBe('succeeded');
    const { row, attributes } = await klipRow(ctx, branded.klip!.id);
    expect(row.brandKitId).toBe(seller.kitId);
    expect(row.prompt).toBe('a cheap white mug on a table');
    expect(attributes.brand_kit).toBe('Sunny');
    const [job] = await ctx.database.db.select().from(generationJobs).where(eq(generationJobs.id, branded.id));
    expect(job!.input).toMatchObject({
      brand: { kitId: seller.kitId, palette: ['#FF7F6A', '#1D2B53'].map((h) => expect.stringMatching(new RegExp(h, 'i'))) },
    });

    const plain = await generate();
    const plainRow = await klipRow(ctx, plain.klip!.id);
    expect(plainRow.row.brandKitId).toBeNull();
    expect(plainRow.attributes.brand_kit).toBeUndefined();
    const [brandedImage, plainImage] = await Promise.all([ctx.storage.get(row.mediaKey), ctx.storage.get(plainRow.row.mediaKey)]);
    expect(brandedImage!.equals(plainImage!)).toBe(false);
  });

  it('a kit deleted before the job runs leaves the klip without a kit, and the job succeeds', async () => {
    const worker = await createTestContext({ rateLimits: false, workers: false, env: { WELCOME_CREDITS: '60' } });
    try {
      const who = await sellerWithKit(worker, 'brand-deleter-2@example.com');
      const res = await call(worker, 'POST', '/api/generations', who.cookie, {
        modelType: 'standard',
        modelId: await modelId(worker, 'flux-1.1-pro-ultra'),
        prompt: 'a mug',
        brandKitId: who.kitId,
      });
      expect(res.statusCode).toBe(202);
      const jobId = res.json<GenerationJob>().id;
      expect((await call(worker, 'DELETE', kitUrl(who.workspaceId, who.kitId), who.cookie)).statusCode).toBe(204);
      await worker.services.generation.run(jobId);
      const job = (await call(worker, 'GET', `/api/generations/${jobId}`, who.cookie)).json<GenerationJob>();
      expect(job.status).toBe('succeeded');
      const { row, attributes } = await klipRow(worker, job.klip!.id);
      expect(row.brandKitId).toBeNull();
      expect(attributes.brand_kit).toBe('Sunny');
    } finally {
      await worker.close();
    }
    // Deleting a kit later keeps its klips (brand_kit_id set to null).
    const made = await generate(seller.kitId);
    expect((await call(ctx, 'DELETE', kitUrl(seller.workspaceId, seller.kitId), seller.cookie)).statusCode).toBe(204);
    const { row } = await klipRow(ctx, made.klip!.id);
    expect(row.brandKitId).toBeNull();
  });

  it("refuses another workspace's kit (404) and a workspace without the plan (403), charging nothing", async () => {
    const stranger = await sellerWithKit(ctx, 'brand-stranger@example.com');
    const model = await modelId(ctx, 'flux-1.1-pro-ultra');
    const before = await getBalance(ctx.database.db, seller.workspaceId);
    const mine = await call(ctx, 'POST', '/api/generations', seller.cookie, {
      modelType: 'standard',
      modelId: model,
      prompt: 'a mug',
      brandKitId: stranger.kitId,
    });
    expect(mine.statusCode).toBe(404);
    expect(mine.json().error.message).toBe('Brand kit not found');
    const free = await userWithId(ctx, 'brand-free@example.com');
    const refused = await call(ctx, 'POST', '/api/generations', free.cookie, {
      modelType: 'standard',
      modelId: model,
      prompt: 'a mug',
      brandKitId: stranger.kitId,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('PLAN_REQUIRED');
    expect(await getBalance(ctx.database.db, seller.workspaceId)).toBe(before);
  });

  it('every item of a batch with a kit is made on-brand and records the kit', async () => {
    const maker = await sellerWithKit(ctx, 'brand-batcher@example.com');
    const uploads: string[] = [];
    for (const seed of [1, 2]) {
      const body = multipartBody('file', `p${seed}.png`, 'image/png', await pngImage(48, 64, seed));
      const res = await ctx.app.server.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...SAME_ORIGIN, cookie: maker.cookie, ...body.headers },
        payload: body.payload,
      });
      uploads.push(res.json<{ id: string }>().id);
    }
    const res = await call(ctx, 'POST', '/api/batches', maker.cookie, {
      name: 'Spring',
      modelType: 'standard',
      modelId: await modelId(ctx, 'ai-product-photo-editor'),
      prompt: 'on a marble table',
      productUploadIds: uploads,
      brandKitId: maker.kitId,
    });
    expect(res.statusCode).toBe(202);
    const batch = res.json<Batch>();
    const done = await waitFor(
      async () => {
        const b = (await call(ctx, 'GET', `/api/batches/${batch.id}`, maker.cookie)).json<Batch>();
        return b.counts.succeeded === 2 ? b : undefined;
      },
      { timeoutMs: 30_000, message: 'batch to finish' },
    );
    const rows = await ctx.database.db.select().from(klips).where(eq(klips.workspaceId, maker.workspaceId));
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.brandKitId)).toEqual([maker.kitId, maker.kitId]);
    expect(done.counts.failed).toBe(0);
    const jobs = await ctx.database.db.select().from(generationJobs).where(eq(generationJobs.workspaceId, maker.workspaceId));
    const brand = {
      kitId: maker.kitId,
      kitName: 'Sunny',
      clauses: ['warm, playful, honest mood', 'brand colours coral and navy'],
      palette: expect.any(Array),
    };
    // One job per item, each carrying the kit.
    expect(jobs.map((j) => (j.input as { brand?: { kitId: string; clauses: string[] } }).brand)).toEqual([brand, brand]);
  });
});

describe('on-brand videos', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ rateLimits: false, env: { WELCOME_CREDITS: '30' } });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('a video made with a kit records it on its klip', async () => {
    const seller = await sellerWithKit(ctx, 'brand-video@example.com');
    const body = multipartBody('file', 'product.png', 'image/png', await pngImage(64, 64, 3));
    const upload = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...SAME_ORIGIN, cookie: seller.cookie, ...body.headers },
      payload: body.payload,
    });
    const res = await call(ctx, 'POST', '/api/generations/video', seller.cookie, {
      subject: 'sneaker',
      effect: 'rotate_it',
      referenceUploadId: upload.json<{ id: string }>().id,
      videoLength: 1,
      resolution: 360,
      steps: 20,
      brandKitId: seller.kitId,
    });
    expect(res.statusCode).toBe(202);
    const job = await finished(ctx, seller.cookie, res.json<GenerationJob>().id);
    expect(job.status).toBe('succeeded');
    const { row, attributes } = await klipRow(ctx, job.klip!.id);
    expect(row.brandKitId).toBe(seller.kitId);
    expect(row.prompt).toBe('sneaker');
    expect(attributes.brand_kit).toBe('Sunny');
  });
});

describe('on-brand images with an AI service (Segmind fake)', () => {
  let ctx: TestContext;
  let segmind: SegmindFake;
  beforeAll(async () => {
    segmind = await startSegmindFake();
    const env = { SEGMIND_API_KEY: segmind.apiKey, SEGMIND_BASE_URL: segmind.url, WELCOME_CREDITS: '60' };
    ctx = await createTestContext({ rateLimits: false, env, deps: { ai: aiWithSegmind(segmind, env) } });
  });
  afterAll(async () => {
    await ctx.close();
    await segmind.close();
  });

  it('sends the prompt with the kit’s mood and colours', async () => {
    const seller = await sellerWithKit(ctx, 'brand-segmind@example.com');
    const res = await call(ctx, 'POST', '/api/generations', seller.cookie, {
      modelType: 'standard',
      modelId: await modelId(ctx, 'flux-1.1-pro-ultra'),
      prompt: 'a white mug on a table',
      brandKitId: seller.kitId,
    });
    expect(res.statusCode).toBe(202);
    const job = await finished(ctx, seller.cookie, res.json<GenerationJob>().id);
    expect(job.status).toBe('succeeded');
    const sent = segmind.accepted.map((r) => (r.body as { prompt?: string } | undefined)?.prompt).find(Boolean);
    expect(sent).toBe(`a white mug on a table, ${CLAUSES}`);
    expect((await klipRow(ctx, job.klip!.id)).row.brandKitId).toBe(seller.kitId);
  });
});
