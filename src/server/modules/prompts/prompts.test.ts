import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAiAnswers, startOpenAiFake, type OpenAiFake } from '#test-fakes/openai-fake.ts';
import { verifiedUser } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';

// postgres-pass: same

const post = (ctx: TestContext, url: string, cookie: string, payload: object) =>
  ctx.app.server.inject({ method: 'POST', url, headers: { ...SAME_ORIGIN, cookie }, payload });

describe('prompt helpers (built-in)', () => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestContext({ workers: false });
    cookie = await verifiedUser(ctx, 'writer@example.com');
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('enhances a prompt, keeping its words and adding detail', async () => {
    const res = await post(ctx, '/api/prompts/enhance', cookie, { prompt: 'red sneaker on a beach' });
    expect(res.statusCode).toBe(200);
    const { prompt, helper } = res.json();
    expect(helper).toBe('local');
    expect(prompt).toMatch(/red sneaker/i);
    expect(prompt.length).toBeGreaterThan('red sneaker on a beach'.length + 10);
  });

  it('says when the helper gave the text back unchanged (a one-word video subject)', async () => {
    const res = await post(ctx, '/api/prompts/enhance', cookie, { prompt: 'sneaker', kind: 'video' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ prompt: 'sneaker', helper: 'local', unchanged: true });
    const changed = await post(ctx, '/api/prompts/enhance', cookie, { prompt: 'red sneaker on a beach' });
    expect(changed.json().unchanged).toBe(false);
  });

  it('rewrites a prompt as asked', async () => {
    const res = await post(ctx, '/api/prompts/rewrite', cookie, {
      prompt: 'white mug on a kitchen table',
      goal: 'change the background to a beach',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().prompt).toMatch(/beach/i);
    expect(res.json().prompt).toMatch(/mug/i);
  });

  it.each([
    ['/api/prompts/enhance', { prompt: '   ' }, 'Please enter a prompt before enhancing'],
    ['/api/prompts/rewrite', { prompt: '', goal: 'x' }, 'Please enter a prompt to rewrite'],
    ['/api/prompts/rewrite', { prompt: 'a mug', goal: '  ' }, 'Please enter a goal for rewriting'],
    ['/api/prompts/enhance', { prompt: 'p'.repeat(2001) }, 'Prompt must be at most 2,000 characters'],
    ['/api/prompts/rewrite', { prompt: 'p'.repeat(2001), goal: 'x' }, 'Prompt must be at most 2,000 characters'],
    ['/api/prompts/rewrite', { prompt: 'a mug', goal: 'g'.repeat(501) }, 'Goal must be at most 500 characters'],
  ])('%s refuses %j with the spec message', async (url, payload, message) => {
    const res = await post(ctx, url, cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('is rate limited per user', async () => {
    const other = await verifiedUser(ctx, 'chatty@example.com');
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await post(ctx, '/api/prompts/enhance', other, { prompt: `mug ${i}` })).statusCode;
    expect(last).toBe(429);
    expect((await post(ctx, '/api/prompts/enhance', cookie, { prompt: 'mug' })).statusCode).toBe(200);
  });

  it('needs a confirmed session', async () => {
    expect(
      (await ctx.app.server.inject({ method: 'POST', url: '/api/prompts/enhance', headers: SAME_ORIGIN, payload: { prompt: 'x' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('prompt helpers (OpenAI-compatible API)', () => {
  let ctx: TestContext;
  let cookie: string;
  let llm: OpenAiFake;
  beforeAll(async () => {
    llm = await startOpenAiFake({ apiKey: 'sk-test' });
    ctx = await createTestContext({ rateLimits: false, workers: false, env: { LLM_BASE_URL: llm.url, LLM_API_KEY: 'sk-test' } });
    cookie = await verifiedUser(ctx, 'gpt@example.com');
  });
  afterAll(async () => {
    await ctx.close();
    await llm.close();
  });

  it('sends the spec request and returns the first choice', async () => {
    llm.enqueue(openAiAnswers.content('"A red sneaker on golden sand at sunset, low angle, crisp studio-grade lighting"'));
    const res = await post(ctx, '/api/prompts/enhance', cookie, { prompt: 'red sneaker on a beach' });
    expect(res.json()).toEqual({
      prompt: 'A red sneaker on golden sand at sunset, low angle, crisp studio-grade lighting',
      helper: 'openai-compatible',
      unchanged: false,
    });
    const body = llm.accepted.at(-1)!.body as {
      model: string;
      temperature: number;
      max_tokens: number;
      messages: Array<{ role: string; content: string }>;
    };
    expect(body).toMatchObject({ model: 'gpt-4', temperature: 0.7, max_tokens: 200 });
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(body.messages[1]!.content).toContain('red sneaker on a beach');
  });

  it.each([
    ['word for word', 'red sneaker on a beach'],
    ['with another letter case, spacing and a closing full stop', '"Red  sneaker on a beach."'],
  ])('says when the model echoes the prompt %s', async (_label, echo) => {
    llm.enqueue(openAiAnswers.content(echo));
    const res = await post(ctx, '/api/prompts/enhance', cookie, { prompt: 'red sneaker on a beach' });
    expect(res.statusCode).toBe(200);
    expect(res.json().unchanged).toBe(true);
  });

  it('surfaces the provider message as "Failed to enhance prompt: …"', async () => {
    llm.enqueue({ kind: 'error', status: 400, message: 'This model does not exist', type: 'invalid_request_error' });
    const res = await post(ctx, '/api/prompts/enhance', cookie, { prompt: 'mug' });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe('Failed to enhance prompt: This model does not exist');
  });

  it('answers an empty rewrite with the spec message', async () => {
    llm.enqueue(openAiAnswers.content('   '));
    const res = await post(ctx, '/api/prompts/rewrite', cookie, { prompt: 'mug', goal: 'make it blue' });
    expect(res.json().error.message).toBe('Failed to rewrite prompt: Received empty prompt from rewrite service');
  });
});
