import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, person, type Person } from '#test-support/klip-people.ts';
import { createTestContext, type TestContext } from '#test-support/test-app.ts';
import { waitFor } from '#test-support/wait-for.ts';
import type { GenerationJob } from '#contracts/generation.ts';
import { loadConfig } from '../../config.ts';
import { aiModels, creditTransactions, generationJobs, klips } from '../../db/schema/index.ts';
import type { ImageProvider } from '../../providers/ai/image-provider.ts';
import { ProviderError } from '../../providers/ai/provider-error.ts';
import { createAiProviders } from '../../providers/ai/index.ts';
import { personalBalance } from '#test-support/workspaces.ts';

// postgres-pass: concurrency

/** The local renderer, except that seed 3 is refused: one variation of a series fails. */
function failingOnSeedThree(local: ImageProvider): ImageProvider {
  return {
    ...local,
    name: local.name,
    generate: async (request, options) => {
      if (request.seed === 3) throw new ProviderError({ provider: local.name, message: 'The provider refused this one.' });
      return local.generate(request, options);
    },
  };
}

let ctx: TestContext;
let modelId: string;

beforeAll(async () => {
  const env = { WELCOME_CREDITS: '10' };
  const ai = createAiProviders(loadConfig(env));
  ctx = await createTestContext({ rateLimits: false, env, deps: { ai: { ...ai, standardImages: failingOnSeedThree(ai.standardImages) } } });
  modelId = (await ctx.database.db.select().from(aiModels).where(eq(aiModels.slug, 'flux-1.1-pro-ultra')))[0]!.id;
});
afterAll(async () => {
  await ctx.close();
});

const ask = (who: Person, body: object) =>
  callAs(ctx, who)('POST', '/api/generations/variations', { modelType: 'standard', modelId, prompt: 'a lamp on a desk', ...body });

async function settled(who: Person, ids: string[]): Promise<GenerationJob[]> {
  return waitFor(
    async () => {
      const jobs = await Promise.all(
        ids.map(async (id) => (await callAs(ctx, who)('GET', `/api/generations/${id}`)).json<GenerationJob>()),
      );
      return jobs.every((job) => job.status === 'succeeded' || job.status === 'failed') ? jobs : undefined;
    },
    { timeoutMs: 20_000, message: 'variations to finish' },
  );
}

describe('variations', () => {
  it('reserves the whole cost at once, runs one job per variation with its own seed, and makes one klip each', async () => {
    const seller = await person(ctx, 'four@example.com');
    const res = await ask(seller, { count: 4, aspectRatio: '16:9', seed: 10 });
    expect(res.statusCode).toBe(202);
    const { groupId, jobs } = res.json<{ groupId: string; jobs: GenerationJob[] }>();
    expect(jobs.map((job) => [job.groupId, job.variation, job.cost])).toEqual([0, 1, 2, 3].map((i) => [groupId, i, 1]));
    // All four are paid before any runs.
    expect(await personalBalance(ctx.database.db, seller.id)).toBe(6);

    const done = await settled(
      seller,
      jobs.map((job) => job.id),
    );
    expect(done.map((job) => job.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    const seeds = done.map((job) => job.klip!.attributes.find((a) => a.name === 'seed')!.value);
    expect(seeds).toEqual(['10', '11', '12', '13']);
    expect(new Set(done.map((job) => job.klip!.id)).size).toBe(4);
    expect(await ctx.database.db.select().from(klips).where(eq(klips.userId, seller.id))).toHaveLength(4);

    // A reload shows the whole group, in order.
    const latest = (await callAs(ctx, seller)('GET', '/api/generations/latest?kind=image')).json<{
      job: GenerationJob;
      variations: GenerationJob[];
    }>();
    expect(latest.variations.map((job) => job.variation)).toEqual([0, 1, 2, 3]);
    expect(latest.job.groupId).toBe(groupId);
  });

  it('draws a fresh seed for each variation when none is given', async () => {
    const seller = await person(ctx, 'random@example.com');
    const { jobs } = (await ask(seller, { count: 3 })).json<{ jobs: GenerationJob[] }>();
    const rows = await ctx.database.db
      .select()
      .from(generationJobs)
      .where(
        inArray(
          generationJobs.id,
          jobs.map((job) => job.id),
        ),
      );
    const seeds = rows.map((row) => (row.input as { seed: number }).seed);
    expect(new Set(seeds).size).toBe(3);
    await settled(
      seller,
      jobs.map((job) => job.id),
    );
  });

  it('refunds a failed variation alone and keeps the others', async () => {
    const seller = await person(ctx, 'one-fails@example.com');
    const { jobs } = (await ask(seller, { count: 4, seed: 2 })).json<{ jobs: GenerationJob[] }>();
    const done = await settled(
      seller,
      jobs.map((job) => job.id),
    );
    expect(done.map((job) => job.status)).toEqual(['succeeded', 'failed', 'succeeded', 'succeeded']);
    expect(done[1]).toMatchObject({ refunded: true, error: { message: 'The provider refused this one.' } });
    expect(await personalBalance(ctx.database.db, seller.id)).toBe(10 - 3);
    const refunds = await ctx.database.db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.userId, seller.id), eq(creditTransactions.type, 'refund')));
    expect(refunds.map((r) => [r.reference, r.amount])).toEqual([[`generation:${jobs[1]!.id}`, 1]]);
  });

  it('refuses the whole request when credits do not cover every variation, charging and storing nothing', async () => {
    const seller = await person(ctx, 'short@example.com');
    await ask(seller, { count: 4, seed: 20 }); // 10 → 6
    await ask(seller, { count: 3, seed: 30 }); // 6 → 3
    const res = await ask(seller, { count: 4 });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toEqual({
      code: 'INSUFFICIENT_CREDITS',
      message: 'Not enough credits. You need 4 credits to generate 4 variations.',
    });
    expect(await personalBalance(ctx.database.db, seller.id)).toBe(3);
    expect(await ctx.database.db.select().from(generationJobs).where(eq(generationJobs.userId, seller.id))).toHaveLength(7);
  });

  it.each([0, 5, 2.5, '4'])('refuses a count of %j with the contract message', async (count) => {
    const seller = await person(ctx, `count-${String(count)}@example.com`);
    const res = await ask(seller, { count });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Choose from 1 to 4 variations');
    expect(await personalBalance(ctx.database.db, seller.id)).toBe(10);
  });

  it('needs a confirmed session', async () => {
    const res = await callAs(ctx, null)('POST', '/api/generations/variations', { modelType: 'standard', modelId, prompt: 'x', count: 2 });
    expect(res.statusCode).toBe(401);
  });
});

describe('the variations spend race', () => {
  it('accepts exactly floor(K / n) of many parallel requests for n variations on a balance of K', async () => {
    const race = await createTestContext({ rateLimits: false, workers: false, env: { WELCOME_CREDITS: '7' } });
    try {
      const racer = await person(race, 'racer@example.com');
      const raceModel = (await race.database.db.select().from(aiModels).where(eq(aiModels.slug, 'flux-1.1-pro-ultra')))[0]!.id;
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          callAs(race, racer)('POST', '/api/generations/variations', {
            modelType: 'standard',
            modelId: raceModel,
            prompt: `race ${i}`,
            count: 3,
          }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 202)).toHaveLength(2);
      expect(results.filter((r) => r.statusCode === 402)).toHaveLength(6);
      expect(await personalBalance(race.database.db, racer.id)).toBe(1);
      expect(await race.database.db.select().from(generationJobs).where(eq(generationJobs.userId, racer.id))).toHaveLength(6);
    } finally {
      await race.close();
    }
  });
});
