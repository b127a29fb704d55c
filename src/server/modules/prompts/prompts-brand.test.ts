import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAiAnswers, startOpenAiFake, type OpenAiFake } from '#test-fakes/openai-fake.ts';
import { brandTeam, createBrandKit, type BrandTeam } from '#test-support/brand-kits.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { selectWorkspace } from '#test-support/workspaces.ts';

// postgres-pass: same

// 'Use brand kit' on Enhance and Rewrite (docs/product-rules.md#brand-kits): the kit of the caller's
// current workspace, its voice and colours in the answer, none of its words to avoid.

const post = (ctx: TestContext, url: string, cookie: string, payload: object) =>
  ctx.app.server.inject({ method: 'POST', url, headers: { ...SAME_ORIGIN, cookie }, payload });

const kit = {
  name: 'Sunny',
  voice: 'Warm, playful and honest. Never pushy.',
  avoidWords: ['cheap', 'bargain'],
  colors: [
    { name: 'Coral', hex: '#ff7f6a' },
    { name: 'Navy', hex: '#1d2b53' },
  ],
};

/** A Growth team with a kit, the owner working in it. */
async function teamWithKit(ctx: TestContext) {
  const team = await brandTeam(ctx);
  await selectWorkspace(ctx.database.db, team.owner.id, team.id);
  const created = await createBrandKit(ctx, team.owner.cookie, team.id, kit);
  return { team, kitId: created.id };
}

describe('prompt helpers with a brand kit (built-in helper)', () => {
  let ctx: TestContext;
  let team: BrandTeam;
  let kitId: string;
  beforeAll(async () => {
    ctx = await createTestContext({ workers: false, rateLimits: false });
    ({ team, kitId } = await teamWithKit(ctx));
  });
  afterAll(async () => {
    await ctx.close();
  });

  it("Enhance writes in the kit's mood and colours and leaves out its words to avoid", async () => {
    const res = await post(ctx, '/api/prompts/enhance', team.owner.cookie, {
      prompt: 'cheap red sneaker on a beach, a bargain',
      brandKitId: kitId,
    });
    expect(res.statusCode).toBe(200);
    const { prompt } = res.json<{ prompt: string }>();
    expect(prompt).toMatch(/sneaker/i);
    expect(prompt).toContain('warm, playful, honest mood');
    expect(prompt).toContain('brand colours coral and navy');
    expect(prompt).not.toMatch(/\bcheap\b|\bbargain\b/i);
  });

  it('Rewrite follows the kit too', async () => {
    const res = await post(ctx, '/api/prompts/rewrite', team.owner.cookie, {
      prompt: 'cheap white mug on a kitchen table',
      goal: 'change the background to a beach',
      brandKitId: kitId,
    });
    expect(res.statusCode).toBe(200);
    const { prompt } = res.json<{ prompt: string }>();
    expect(prompt).toMatch(/beach/i);
    expect(prompt).toContain('brand colours coral and navy');
    expect(prompt).not.toMatch(/\bcheap\b/i);
  });

  it('without a kit nothing of the brand is added', async () => {
    const res = await post(ctx, '/api/prompts/enhance', team.owner.cookie, { prompt: 'red sneaker on a beach' });
    expect(res.json().prompt).not.toContain('brand colours');
  });

  it("another workspace's kit is not found", async () => {
    const other = await teamWithKit(ctx);
    for (const url of ['/api/prompts/enhance', '/api/prompts/rewrite']) {
      const res = await post(ctx, url, team.owner.cookie, { prompt: 'a mug', goal: 'make it blue', brandKitId: other.kitId });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Brand kit not found');
    }
  });

  it('a workspace whose plan has no brand kits gets 403 PLAN_REQUIRED', async () => {
    const free = await brandTeam(ctx, null);
    await selectWorkspace(ctx.database.db, free.owner.id, free.id);
    const res = await post(ctx, '/api/prompts/enhance', free.owner.cookie, { prompt: 'a mug', brandKitId: kitId });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'PLAN_REQUIRED', message: expect.stringContaining('Brand kit') });
  });

  it('refuses a kit id that is not an id', async () => {
    const res = await post(ctx, '/api/prompts/enhance', team.owner.cookie, { prompt: 'a mug', brandKitId: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Brand kit not found');
  });
});

describe('prompt helpers with a brand kit (OpenAI-compatible API)', () => {
  let ctx: TestContext;
  let llm: OpenAiFake;
  let team: BrandTeam;
  let kitId: string;
  beforeAll(async () => {
    llm = await startOpenAiFake({ apiKey: 'sk-test' });
    ctx = await createTestContext({ rateLimits: false, workers: false, env: { LLM_BASE_URL: llm.url, LLM_API_KEY: 'sk-test' } });
    ({ team, kitId } = await teamWithKit(ctx));
  });
  afterAll(async () => {
    await ctx.close();
    await llm.close();
  });

  const systemMessage = () => (llm.accepted.at(-1)!.body as { messages: Array<{ role: string; content: string }> }).messages[0]!.content;

  it('Enhance tells the model the voice, the words to avoid and the colours, and strips what it still says', async () => {
    llm.enqueue(openAiAnswers.content('A cheap red sneaker on golden sand, a real bargain, coral and navy accents'));
    const res = await post(ctx, '/api/prompts/enhance', team.owner.cookie, { prompt: 'red sneaker on a beach', brandKitId: kitId });
    expect(res.statusCode).toBe(200);
    expect(res.json().prompt).toBe('A red sneaker on golden sand, a real, coral and navy accents');
    const system = systemMessage();
    expect(system).toContain('Warm, playful and honest. Never pushy.');
    expect(system).toContain('"cheap", "bargain"');
    expect(system).toContain('Coral (#FF7F6A)');
  });

  it('Rewrite does the same', async () => {
    llm.enqueue(openAiAnswers.content('A bargain mug on a beach'));
    const res = await post(ctx, '/api/prompts/rewrite', team.owner.cookie, { prompt: 'a mug', goal: 'on a beach', brandKitId: kitId });
    expect(res.statusCode).toBe(200);
    expect(res.json().prompt).toBe('A mug on a beach');
    expect(systemMessage()).toContain('Warm, playful and honest. Never pushy.');
  });
});
