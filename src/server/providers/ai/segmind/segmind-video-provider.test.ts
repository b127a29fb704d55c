import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSegmindVideoFake, type SegmindVideoFake } from '#test-fakes/segmind-video-fake.ts';
import { VIDEO_NEGATIVE_PROMPT } from '#contracts/video-effects.ts';
import { ProviderError } from '../provider-error.ts';
import type { VideoRequest } from '../video-provider.ts';
import { createSegmindVideoProvider } from './segmind-video-provider.ts';

let fake: SegmindVideoFake;
const image = Buffer.from('a reference image, as bytes');
const request: VideoRequest = {
  subject: 'sneaker',
  negativePrompt: VIDEO_NEGATIVE_PROMPT,
  effect: 'jungle_me',
  image,
  seed: 123_456,
  videoLength: 3,
  resolution: 560,
  steps: 30,
};
const noWait = async () => {};
const provider = (apiKey = fake.apiKey) => createSegmindVideoProvider({ apiKey, baseUrl: fake.url, sleep: noWait, timeoutMs: 5_000 });

async function failure(run: Promise<unknown>): Promise<ProviderError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

beforeAll(async () => {
  fake = await startSegmindVideoFake();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.submits.length = 0;
  fake.outcomes.length = 0;
});

describe('Segmind video effects (async v2)', () => {
  it('submits the documented body, polls until COMPLETED and downloads the output at once', async () => {
    const phases: string[] = [];
    const result = await provider().generate(request, { signal: AbortSignal.timeout(10_000), onPhase: (phase) => phases.push(phase) });
    expect(result.mimeType).toBe('video/mp4');
    expect(result.data.equals(fake.video)).toBe(true);

    const [submit, ...rest] = fake.requests;
    expect(submit).toMatchObject({ method: 'POST', path: '/v2/video-effects' });
    expect(submit!.headers['x-api-key']).toBe(fake.apiKey);
    expect(submit!.headers['content-type']).toBe('application/json');
    expect(submit!.body).toEqual({
      subject: 'sneaker',
      negative_prompt: VIDEO_NEGATIVE_PROMPT,
      effect: 'jungle_me',
      image: image.toString('base64'),
      seed: 123_456,
      video_length: 3,
      resolution: '560',
      steps: 30,
      base64: false,
    });
    expect(rest.map((r) => r.path)).toEqual([
      '/v2/requests/req-1/status',
      '/v2/requests/req-1/status',
      '/v2/requests/req-1/status',
      '/v2/requests/req-1',
      '/outputs/video.mp4',
    ]);
    // The key goes to Segmind's API only, never to the output's host.
    expect(rest.slice(0, 4).every((r) => r.headers['x-api-key'] === fake.apiKey)).toBe(true);
    expect(rest.at(-1)!.headers['x-api-key']).toBeUndefined();
    expect(phases[0]).toBe('generating');
    expect(phases.at(-1)).toBe('finalizing');
  });

  it('waits longer between polls as the render goes on (backoff)', async () => {
    const waits: number[] = [];
    fake.outcomes.push({ kind: 'complete', pollsBefore: 5 });
    const p = createSegmindVideoProvider({
      apiKey: fake.apiKey,
      baseUrl: fake.url,
      sleep: async (ms) => void waits.push(ms),
      pollIntervalMs: 2_000,
      maxPollIntervalMs: 6_000,
    });
    await p.generate(request, { signal: AbortSignal.timeout(10_000) });
    expect(waits).toEqual([2_000, 3_000, 4_500, 6_000, 6_000, 6_000]);
  });

  it('shows the provider’s reason when the render FAILED (422)', async () => {
    fake.outcomes.push({ kind: 'fail', error: 'Face not detected in the reference image' });
    const error = await failure(provider().generate(request, { signal: AbortSignal.timeout(10_000) }));
    expect(error).toMatchObject({ message: 'Face not detected in the reference image', status: 422, operator: false });
  });

  it.each([
    [400, { error: 'Invalid effect' }, { message: 'Invalid effect', operator: false, retryable: false }],
    [
      401,
      { error: 'Invalid API key' },
      { message: 'Video generation is temporarily unavailable. Please try again later.', operator: true },
    ],
    [
      404,
      { error: 'Model not found' },
      { message: 'Video generation is temporarily unavailable. Please try again later.', operator: true },
    ],
    [
      406,
      { error: 'Insufficient credits' },
      { message: 'Video generation is temporarily unavailable. Please try again later.', operator: true },
    ],
    [500, { error: 'Internal error' }, { message: 'Internal error', retryable: true, operator: false }],
  ])('maps a submit answered %i', async (status, body, expected) => {
    for (let i = 0; i < 3; i++) fake.submits.push({ kind: 'error', status, body });
    const error = await failure(provider().generate(request, { signal: AbortSignal.timeout(10_000) }));
    expect(error).toMatchObject({ status, ...expected });
    expect(error.message).not.toMatch(/credit/i);
  });

  it('retries a 429 and then succeeds', async () => {
    fake.submits.push({ kind: 'error', status: 429, body: { error: 'Rate limit exceeded' }, headers: { 'retry-after': '1' } });
    const result = await provider().generate(request, { signal: AbortSignal.timeout(10_000) });
    expect(result.data.equals(fake.video)).toBe(true);
    expect(fake.requests.filter((r) => r.path === '/v2/video-effects')).toHaveLength(2);
  });

  it('gives up when 429 persists, as a retryable failure', async () => {
    for (let i = 0; i < 3; i++) fake.submits.push({ kind: 'error', status: 429, body: { error: 'Rate limit exceeded' } });
    const error = await failure(provider().generate(request, { signal: AbortSignal.timeout(10_000) }));
    expect(error).toMatchObject({ status: 429, retryable: true, operator: false });
  });

  it('stops polling when the caller’s time is up', async () => {
    fake.outcomes.push({ kind: 'never' });
    const slow = createSegmindVideoProvider({ apiKey: fake.apiKey, baseUrl: fake.url, pollIntervalMs: 20, maxPollIntervalMs: 20 });
    await expect(slow.generate(request, { signal: AbortSignal.timeout(300) })).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(fake.requests.filter((r) => r.path.endsWith('/status')).length).toBeGreaterThan(1);
  });

  it('refuses an output that is not a video', async () => {
    fake.outcomes.push({ kind: 'not-video' });
    const error = await failure(provider().generate(request, { signal: AbortSignal.timeout(10_000) }));
    expect(error.message).toBe('Invalid response from video generation API');
  });

  it('treats an unreachable service as a retryable failure', async () => {
    const down = createSegmindVideoProvider({
      apiKey: 'k',
      baseUrl: 'http://127.0.0.1:9',
      sleep: noWait,
      timeoutMs: 1_000,
      maxAttempts: 2,
    });
    const error = await failure(down.generate(request, { signal: AbortSignal.timeout(5_000) }));
    expect(error).toMatchObject({ retryable: true, message: 'Failed to generate video' });
  });
});
