import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bflAnswers, startBflFake, type BflFake } from '#test-fakes/bfl-fake.ts';
import { realSleep, type Sleep } from '../http.ts';
import type { ImageRequest, TrainedModelSettings } from '../image-provider.ts';
import { ProviderError } from '../provider-error.ts';
import { generationMessages } from '#contracts/generation.ts';
import { createBflImageProvider, withTriggerWord, type BflOptions } from './bfl-image-provider.ts';

let fake: BflFake;
let sleeps: number[];
const sleep: Sleep = async (ms) => {
  sleeps.push(ms);
};

beforeAll(async () => {
  fake = await startBflFake();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  sleeps = [];
});

function provider(overrides: Partial<BflOptions> = {}) {
  return createBflImageProvider({
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    pollIntervalMs: 500,
    timeoutMs: 10_000,
    requestTimeoutMs: 5000,
    sleep,
    ...overrides,
  });
}

function trained(overrides: Partial<TrainedModelSettings> = {}): TrainedModelSettings {
  return {
    finetuneId: 'ft-7f3a9c',
    finetuneStrength: 1.1,
    safetyTolerance: 2,
    outputFormat: 'png',
    imagePromptStrength: 0.1,
    name: 'Tote bag',
    type: 'product',
    triggerWord: 'KLPTBAG',
    ...overrides,
  };
}

function request(overrides: Partial<ImageRequest> = {}): ImageRequest {
  return {
    mode: 'trained',
    modelSlug: 'flux-pro-1.1-ultra-finetuned',
    prompt: 'a leather tote bag on a marble table',
    negativePrompt: 'illustration, bokeh',
    seed: 424242,
    width: 1024,
    height: 768,
    aspectRatio: '4:3',
    trained: trained(),
    ...overrides,
  };
}

function context(signal: AbortSignal = new AbortController().signal) {
  const progress: number[] = [];
  return { signal, progress, onProgress: (percent: number) => progress.push(percent) };
}

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const failure = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ProviderError);
  return failure as ProviderError;
}

describe('bfl image provider: the happy path', () => {
  it('submits the fine-tune settings, polls until Ready and downloads the sample without the key', async () => {
    const ctx = context();
    const result = await provider().generate(request(), ctx);

    expect(fake.submissions).toHaveLength(1);
    const submit = fake.submissions[0]!;
    expect(submit.method).toBe('POST');
    expect(submit.path).toBe('/v1/flux-pro-1.1-ultra-finetuned');
    expect(submit.headers['x-key']).toBe(fake.apiKey);
    expect(submit.headers['content-type']).toMatch(/^application\/json/);
    expect(submit.body).toEqual({
      finetune_id: 'ft-7f3a9c',
      finetune_strength: 1.1,
      prompt: 'KLPTBAG, a leather tote bag on a marble table',
      seed: 424242,
      aspect_ratio: '4:3',
      safety_tolerance: 2,
      output_format: 'png',
      image_prompt_strength: 0.1,
    });

    // Pending, Processing, Ready: three polls with the key, a wait between each.
    expect(fake.polls).toHaveLength(3);
    for (const poll of fake.polls) {
      expect(poll.method).toBe('GET');
      expect(poll.path).toBe('/v1/get_result');
      expect(poll.query.get('id')).toBe('task-1');
      expect(poll.headers['x-key']).toBe(fake.apiKey);
    }
    expect(sleeps).toEqual([500, 500]);

    // The fake refuses downloads that carry credentials.
    expect(fake.downloads).toHaveLength(1);
    expect(fake.downloads[0]!.headers['x-key']).toBeUndefined();
    expect(result.data.equals(fake.png)).toBe(true);
    expect(result.mimeType).toBe('image/png');
    expect(result.attributes).toEqual({ seed: '424242' });

    expect(ctx.progress[0]).toBe(10);
    expect(ctx.progress.at(-1)).toBe(90);
    const polling = ctx.progress.slice(1, -1);
    expect(polling.length).toBe(2);
    expect(polling.every((value, index) => value > (index === 0 ? 10 : polling[index - 1]!) && value <= 80)).toBe(true);
  });

  it('passes jpeg through, and falls back to the spec defaults for missing numbers', async () => {
    const settings = trained({ outputFormat: 'jpeg', triggerWord: null });
    // A stored model may lack a value; the adapter must still send the spec's default.
    (settings as { finetuneStrength: unknown }).finetuneStrength = undefined;
    await provider().generate(request({ trained: settings }), context());
    expect(fake.submissions[0]!.body).toMatchObject({
      output_format: 'jpeg',
      finetune_strength: 1.1,
      prompt: 'a leather tote bag on a marble table',
    });
  });

  it('polls get_result on its own base URL when the answer has no polling_url', async () => {
    fake.enqueueTask({ omitPollingUrl: true, pending: 0 });
    const result = await provider().generate(request(), context());
    expect(fake.polls).toHaveLength(1);
    expect(fake.polls[0]!.query.get('id')).toMatch(/^task-\d+$/);
    expect(result.data.equals(fake.png)).toBe(true);
    expect(sleeps).toEqual([]);
  });

  it('uses the progress BFL reports while pending', async () => {
    fake.enqueueTask({
      pending: 0,
      pollAnswers: [{ kind: 'json', status: 200, body: { id: 'x', status: 'Pending', result: null, progress: 0.5 } }],
    });
    const ctx = context();
    await provider().generate(request(), ctx);
    expect(ctx.progress).toEqual([10, 45, 90]);
  });

  it('refuses a request without trained settings before calling BFL', async () => {
    const error = await providerError(provider().generate(request({ trained: undefined }), context()));
    expect(error.retryable).toBe(false);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('withTriggerWord', () => {
  it.each([
    ['a bag', 'KLPTBAG', 'KLPTBAG, a bag'],
    ['a KLPTBAG bag', 'KLPTBAG', 'a KLPTBAG bag'],
    ['photo of klptbag, studio', 'KLPTBAG', 'photo of klptbag, studio'],
    ['a KLPTBAGS bag', 'KLPTBAG', 'KLPTBAG, a KLPTBAGS bag'],
    ['a bag', null, 'a bag'],
    ['a bag', '  ', 'a bag'],
    ['', 'TOK', 'TOK'],
    ['style of st.yle', 'st.yle', 'style of st.yle'],
  ])('%j with %j → %j', (prompt, word, expected) => {
    expect(withTriggerWord(prompt, word)).toBe(expected);
  });
});

describe('bfl image provider: task outcomes', () => {
  it('surfaces the message of a task that ended in Error, without downloading', async () => {
    fake.enqueueTask({ pending: 1, outcome: 'Error', errorMessage: 'Finetune ft-7f3a9c is not ready yet' });
    const error = await providerError(provider().generate(request(), context()));
    expect(error.message).toBe('Finetune ft-7f3a9c is not ready yet');
    expect(error.retryable).toBe(false);
    expect(error.operator).toBe(false);
    expect(fake.downloads).toHaveLength(0);
  });

  it('reads the message from `details` too, and falls back to "Failed to generate image"', async () => {
    fake.enqueueTask({
      pollAnswers: [{ kind: 'json', status: 200, body: { id: 'x', status: 'Failed', details: { error: 'GPU worker crashed' } } }],
    });
    expect((await providerError(provider().generate(request(), context()))).message).toBe('GPU worker crashed');
    fake.enqueueTask({ pollAnswers: [{ kind: 'json', status: 200, body: { id: 'x', status: 'Error', result: null } }] });
    expect((await providerError(provider().generate(request(), context()))).message).toBe(generationMessages.failedFallback);
  });

  it.each(['Content Moderated', 'Request Moderated'] as const)('tells users the content filter rejected a %s task', async (outcome) => {
    fake.enqueueTask({ pending: 0, outcome });
    const error = await providerError(provider().generate(request(), context()));
    expect(error.message).toBe('The prompt or image was rejected by the content filter.');
    expect(error.retryable).toBe(false);
    expect(error.operator).toBe(false);
    expect(fake.downloads).toHaveLength(0);
  });

  it('reports a lost task (Task not found) as retryable', async () => {
    fake.enqueueTask({ pollAnswers: [{ kind: 'json', status: 200, body: { id: 'x', status: 'Task not found' } }] });
    const error = await providerError(provider().generate(request(), context()));
    expect(error.message).toBe(generationMessages.failedFallback);
    expect(error.retryable).toBe(true);
  });

  it('calls a Ready task without a sample URL, or a non-image sample, an invalid response', async () => {
    fake.enqueueTask({ pollAnswers: [{ kind: 'json', status: 200, body: { id: 'x', status: 'Ready', result: {} } }] });
    expect((await providerError(provider().generate(request(), context()))).message).toBe(generationMessages.invalidResponse);

    fake.enqueueTask({ pending: 0, sample: { data: Buffer.from('<html>expired</html>'), contentType: 'text/html' } });
    expect((await providerError(provider().generate(request(), context()))).message).toBe(generationMessages.invalidResponse);
  });

  it('fails the download of an expired sample URL without retrying it', async () => {
    fake.enqueueTask({ pending: 0, sample: { status: 403, data: Buffer.from('AuthenticationFailed'), contentType: 'application/xml' } });
    const error = await providerError(provider().generate(request(), context()));
    expect(error.message).toBe(generationMessages.failedFallback);
    expect(error.status).toBe(403);
    expect(error.retryable).toBe(false);
    expect(error.operator).toBe(false);
    expect(fake.downloads).toHaveLength(1);
  });
});

describe('bfl image provider: HTTP errors, retries, timeouts', () => {
  it('treats 402 (out of BFL credits) as an operator problem and never polls', async () => {
    fake.enqueueSubmit(bflAnswers.outOfCredits());
    const error = await providerError(provider().generate(request(), context()));
    expect(error.status).toBe(402);
    expect(error.operator).toBe(true);
    expect(error.retryable).toBe(false);
    expect(error.message).toBe(generationMessages.unavailable);
    expect((error.cause as Error).message).toContain('Insufficient credits');
    expect(fake.polls).toHaveLength(0);
  });

  it('treats a rejected key (401) as an operator problem', async () => {
    const error = await providerError(provider({ apiKey: 'wrong' }).generate(request(), context()));
    expect(error.status).toBe(401);
    expect(error.operator).toBe(true);
    expect(fake.requests).toHaveLength(1);
  });

  it('surfaces BFL validation details (422) without retrying', async () => {
    const error = await providerError(provider().generate(request({ trained: trained({ finetuneStrength: 5 }) }), context()));
    expect(error.status).toBe(422);
    expect(error.message).toBe('finetune_strength: must be <= 2');
    expect(error.retryable).toBe(false);
    expect(fake.requests).toHaveLength(1);
  });

  it('waits the retry_after of a 429 and submits again', async () => {
    fake.enqueueSubmit(bflAnswers.rateLimited(5));
    const result = await provider().generate(request(), context());
    expect(result.data.equals(fake.png)).toBe(true);
    expect(sleeps[0]).toBe(5000);
    expect(fake.submissions).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === '/v1/flux-pro-1.1-ultra-finetuned')).toHaveLength(2);
  });

  it('reports a retryable error with BFL’s message when 429s outlast the attempts', async () => {
    fake.enqueueSubmit(bflAnswers.rateLimited(2), bflAnswers.rateLimited(2), bflAnswers.rateLimited(2));
    const error = await providerError(provider().generate(request(), context()));
    expect(error.status).toBe(429);
    expect(error.retryable).toBe(true);
    expect(error.operator).toBe(false);
    expect(error.message).toBe('Too many concurrent requests');
    expect(sleeps).toEqual([2000, 2000]);
  });

  it('retries a poll that failed with 503', async () => {
    fake.enqueueTask({ pending: 0, pollAnswers: [bflAnswers.serverError(503)] });
    const result = await provider().generate(request(), context());
    expect(result.data.equals(fake.png)).toBe(true);
    expect(fake.polls).toHaveLength(2);
  });

  it('gives up with a retryable "Image generation timed out" when the task stays pending', async () => {
    fake.enqueueTask({ pending: 1_000_000 });
    const started = Date.now();
    const error = await providerError(provider({ sleep: realSleep, pollIntervalMs: 20, timeoutMs: 250 }).generate(request(), context()));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error.message).toBe('Image generation timed out');
    expect(error.retryable).toBe(true);
    expect(fake.polls.length).toBeGreaterThan(2);
    expect(fake.downloads).toHaveLength(0);
  });

  it('times out a poll that never answers', async () => {
    fake.enqueueTask({
      pollAnswers: [
        { kind: 'slow', delayMs: 5000 },
        { kind: 'slow', delayMs: 5000 },
        { kind: 'slow', delayMs: 5000 },
      ],
    });
    const error = await providerError(provider({ requestTimeoutMs: 60 }).generate(request(), context()));
    expect(error.message).toBe('Image generation timed out');
    expect(error.retryable).toBe(true);
    // Three attempts; on a loaded machine the HTTP client may also resend one idempotent GET on a
    // connection the previous timed-out poll was closing (seen once in CI), never more.
    expect(fake.polls.length).toBeGreaterThanOrEqual(3);
    expect(fake.polls.length).toBeLessThanOrEqual(4);
  });

  it('stops polling as soon as the caller aborts', async () => {
    fake.enqueueTask({ pending: 1_000_000 });
    const controller = new AbortController();
    const abortingSleep: Sleep = async (ms) => {
      sleeps.push(ms);
      if (sleeps.length === 2) controller.abort();
    };
    await expect(provider({ sleep: abortingSleep }).generate(request(), context(controller.signal))).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(fake.polls).toHaveLength(2);
    expect(fake.downloads).toHaveLength(0);
  });
});
