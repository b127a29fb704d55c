import { promptMessages } from '#contracts/prompts.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openAiAnswers, startOpenAiFake, type OpenAiFake } from '#test-fakes/openai-fake.ts';
import type { Sleep } from '../http.ts';
import { ProviderError } from '../provider-error.ts';
import {
  cleanReply,
  createOpenAiCompatiblePromptHelper,
  systemPrompts,
  type OpenAiCompatibleOptions,
} from './openai-compatible-prompt-helper.ts';

let fake: OpenAiFake;
let sleeps: number[];
const sleep: Sleep = async (ms) => {
  sleeps.push(ms);
};
const image = () => ({ signal: new AbortController().signal, kind: 'image' as const });

beforeAll(async () => {
  fake = await startOpenAiFake();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  sleeps = [];
});

function helper(overrides: Partial<OpenAiCompatibleOptions> = {}) {
  return createOpenAiCompatiblePromptHelper({ baseUrl: fake.url, apiKey: 'sk-test-key', timeoutMs: 5000, sleep, ...overrides });
}

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const failure = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ProviderError);
  return failure as ProviderError;
}

describe('openai-compatible prompt helper: requests', () => {
  it('enhances with the spec defaults (gpt-4, 0.7, 200 tokens), a system and a user message, and a Bearer key', async () => {
    fake.enqueue(openAiAnswers.content('  "A red leather sneaker on a white marble podium, soft studio lighting"  '));
    const result = await helper().enhance('  red sneaker  ', image());

    expect(result).toBe('A red leather sneaker on a white marble podium, soft studio lighting');
    expect(fake.accepted).toHaveLength(1);
    const sent = fake.accepted[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers['authorization']).toBe('Bearer sk-test-key');
    expect(sent.headers['content-type']).toMatch(/^application\/json/);
    expect(sent.body).toEqual({
      model: 'gpt-4',
      messages: [
        {
          role: 'system',
          content:
            "You are an expert at writing prompts for AI image generation for e-commerce product marketing. Improve the user's prompt so it is clear and concise, keeps the original intent, and adds useful visual detail (subject, setting, lighting, composition, style). Reply with the improved prompt only.",
        },
        { role: 'user', content: 'red sneaker' },
      ],
      temperature: 0.7,
      max_tokens: 200,
    });
  });

  it('rewrites with the rewrite system prompt and the prompt and change in the user message', async () => {
    fake.enqueue(openAiAnswers.content('A red sneaker on a beach at sunset'));
    const result = await helper({ model: 'llama3.1', temperature: 0.2, maxTokens: 120 }).rewrite(
      'A red sneaker in a studio',
      'put it on a beach at sunset',
      image(),
    );

    expect(result).toBe('A red sneaker on a beach at sunset');
    expect(fake.accepted[0]!.body).toEqual({
      model: 'llama3.1',
      messages: [
        {
          role: 'system',
          content:
            'You are an expert at writing prompts for AI image generation for e-commerce product marketing. Rewrite the prompt according to the requested change, keep everything else, and reply with the rewritten prompt only, without quotes or explanations.',
        },
        { role: 'user', content: 'Prompt: A red sneaker in a studio\nRequested change: put it on a beach at sunset' },
      ],
      temperature: 0.2,
      max_tokens: 120,
    });
  });

  it('uses the short-subject system prompts for video', async () => {
    const video = { signal: new AbortController().signal, kind: 'video' as const };
    fake.enqueue(openAiAnswers.content('red sneaker'), openAiAnswers.content('blue sneaker'));
    expect(await helper().enhance('my red shoe', video)).toBe('red sneaker');
    expect(await helper().rewrite('red sneaker', 'make it blue', video)).toBe('blue sneaker');

    const [enhance, rewrite] = fake.accepted.map((request) => (request.body as { messages: Array<{ content: string }> }).messages);
    expect(enhance![0]!.content).toBe(systemPrompts.enhance.video);
    expect(enhance![0]!.content).toMatch(/one to three words/);
    expect(rewrite![0]!.content).toBe(systemPrompts.rewrite.video);
    expect(rewrite![1]!.content).toBe('Subject: red sneaker\nRequested change: make it blue');
  });

  it.each(['/v1', '/v1/', '/v1//'])('joins the base URL ending %j with chat/completions without a double slash', async (suffix) => {
    const base = fake.url.replace(/\/v1$/, suffix);
    await helper({ baseUrl: base }).enhance('mug', image());
    expect(fake.accepted).toHaveLength(1);
    expect(fake.requests[0]!.path).toBe('/v1/chat/completions');
  });

  it("writes on-brand: the kit's voice, its words to avoid and (for images, not for video subjects) its colours join the system message", async () => {
    const brand = {
      voice: 'Warm and playful.\nNever pushy.',
      avoidWords: ['cheap', 'best ever'],
      colours: [
        { name: 'Navy', hex: '#1A2B3C' },
        { name: 'Coral', hex: '#FF7F50' },
      ],
    };
    fake.enqueue(openAiAnswers.content('A mug'), openAiAnswers.content('Mug'));
    await helper().enhance('mug', { ...image(), brand });
    await helper().rewrite('mug', 'make it blue', { signal: new AbortController().signal, kind: 'video', brand });

    const system = (index: number) => (fake.accepted[index]!.body as { messages: Array<{ content: string }> }).messages[0]!.content;
    expect(system(0)).toBe(
      `${systemPrompts.enhance.image} Write in this brand's voice: Warm and playful. Never pushy. Never use these words: "cheap", "best ever". Where colours fit, use the brand's colours: Navy (#1A2B3C), Coral (#FF7F50).`,
    );
    expect(system(1)).toBe(
      `${systemPrompts.rewrite.video} Write in this brand's voice: Warm and playful. Never pushy. Never use these words: "cheap", "best ever".`,
    );
  });

  it('sends no Authorization header when no key is configured (local servers)', async () => {
    const local = await startOpenAiFake({ apiKey: null, defaultContent: 'a mug' });
    try {
      const result = await createOpenAiCompatiblePromptHelper({ baseUrl: local.url, apiKey: '', sleep }).enhance('mug', image());
      expect(result).toBe('a mug');
      expect(local.accepted[0]!.headers['authorization']).toBeUndefined();
    } finally {
      await local.close();
    }
  });

  it('reads content sent as an array of text parts', async () => {
    fake.enqueue({
      kind: 'raw',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        choices: [
          {
            message: {
              role: 'assistant',
              content: [
                { type: 'text', text: 'a blue ' },
                { type: 'text', text: 'mug' },
              ],
            },
          },
        ],
      }),
    });
    expect(await helper().enhance('mug', image())).toBe('a blue mug');
  });
});

describe('cleanReply', () => {
  it.each([
    ['  plain  ', 'plain'],
    ['"quoted"', 'quoted'],
    ["'single'", 'single'],
    ['\u201ccurly\u201d', 'curly'],
    ['`tick`', 'tick'],
    ['"\'nested\'"', 'nested'],
    ['Improved prompt: a mug on a desk', 'a mug on a desk'],
    ['Prompt: "a mug"', 'a mug'],
    ['a "quoted" word inside', 'a "quoted" word inside'],
    ['"', '"'],
    ['""', ''],
  ])('%j → %j', (reply, expected) => {
    expect(cleanReply(reply)).toBe(expected);
  });
});

describe('openai-compatible prompt helper: empty and invalid answers', () => {
  it.each([[''], ['   '], ['""'], [null]])('enhance refuses the empty reply %j', async (content) => {
    fake.enqueue(openAiAnswers.content(content));
    await expect(helper().enhance('mug', image())).rejects.toThrow(new Error('Failed to enhance prompt'));
  });

  it('rewrite refuses an empty reply with the spec text', async () => {
    fake.enqueue(openAiAnswers.content('  '));
    await expect(helper().rewrite('mug', 'make it red', image())).rejects.toThrow(new Error('Received empty prompt from rewrite service'));
  });

  it('treats a reply without choices as empty', async () => {
    fake.enqueue({ kind: 'raw', status: 200, contentType: 'application/json', body: '{"choices":[]}' });
    await expect(helper().enhance('mug', image())).rejects.toThrow('Failed to enhance prompt');
  });

  it('calls a 200 that is not JSON an invalid response', async () => {
    fake.enqueue({ kind: 'raw', status: 200, contentType: 'text/html', body: '<html>proxy login</html>' });
    const error = await providerError(helper().enhance('mug', image()));
    expect(error.message).toBe(promptMessages.assistantInvalidResponse);
    expect(error.retryable).toBe(false);
  });
});

describe('openai-compatible prompt helper: errors and retries', () => {
  it('surfaces OpenAI’s error.message of a 400 without retrying', async () => {
    fake.enqueue({
      kind: 'error',
      status: 400,
      message: "This model's maximum context length is 8192 tokens.",
      type: 'invalid_request_error',
      code: 'context_length_exceeded',
    });
    const error = await providerError(helper().enhance('mug', image()));
    expect(error.message).toBe("This model's maximum context length is 8192 tokens.");
    expect(error.status).toBe(400);
    expect(error.retryable).toBe(false);
    expect(error.operator).toBe(false);
    expect(fake.accepted).toHaveLength(1);
  });

  it('shows a neutral message for a rejected key and keeps OpenAI’s text as the cause', async () => {
    const error = await providerError(helper({ apiKey: 'sk-wrong' }).enhance('mug', image()));
    expect(error.status).toBe(401);
    expect(error.operator).toBe(true);
    expect(error.message).toBe(promptMessages.assistantUnavailable);
    expect((error.cause as Error).message).toContain('Incorrect API key provided');
    expect(fake.requests).toHaveLength(1);
  });

  it('does not retry an exhausted quota (a 429 insufficient_quota) and marks it operator', async () => {
    fake.enqueue(openAiAnswers.quotaExceeded());
    const error = await providerError(helper().rewrite('mug', 'make it red', image()));
    expect(fake.accepted).toHaveLength(1);
    expect(error.operator).toBe(true);
    expect(error.retryable).toBe(false);
    expect(sleeps).toEqual([]);
  });

  it('retries a rate limit after Retry-After, then succeeds', async () => {
    fake.enqueue(openAiAnswers.rateLimited('2'), openAiAnswers.content('a red mug'));
    expect(await helper().rewrite('a mug', 'make it red', image())).toBe('a red mug');
    expect(fake.accepted).toHaveLength(2);
    expect(sleeps).toEqual([2000]);
  });

  it('gives up after the attempts on 5xx with a retryable error carrying the message', async () => {
    fake.enqueue(openAiAnswers.serverError(), openAiAnswers.serverError(), openAiAnswers.serverError());
    const error = await providerError(helper().enhance('mug', image()));
    expect(fake.accepted).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    expect(error.message).toBe('The server had an error while processing your request.');
    expect(error.retryable).toBe(true);
  });

  it('times out a server that does not answer', async () => {
    fake.enqueue({ kind: 'slow', delayMs: 5000 }, { kind: 'slow', delayMs: 5000 });
    const error = await providerError(helper({ timeoutMs: 80, maxAttempts: 2 }).enhance('mug', image()));
    expect(error.message).toBe(promptMessages.assistantTimedOut);
    expect(error.retryable).toBe(true);
    expect(fake.accepted).toHaveLength(2);
  });

  it('reports an unreachable server as retryable', async () => {
    const error = await providerError(
      createOpenAiCompatiblePromptHelper({ baseUrl: 'http://127.0.0.1:1/v1', apiKey: 'k', sleep, maxAttempts: 2 }).enhance('mug', image()),
    );
    expect(error.message).toBe(promptMessages.assistantUnreachable);
    expect(error.retryable).toBe(true);
    expect(sleeps).toHaveLength(1);
  });

  it('stops when the caller aborts', async () => {
    fake.enqueue({ kind: 'slow', delayMs: 5000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 40);
    await expect(helper().enhance('mug', { signal: controller.signal, kind: 'image' })).rejects.toMatchObject({ name: 'AbortError' });
    expect(fake.accepted).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});
