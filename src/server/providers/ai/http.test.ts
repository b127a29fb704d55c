import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendJson, startServer, waitOrClose, type RecordedRequest, type RunningServer } from '#test-fakes/fake-server.ts';
import { makeJpeg, makePng, makeWebp } from '#test-fakes/images.ts';
import {
  backoffDelay,
  fetchWithRetry,
  HttpRequestError,
  isRetryableStatus,
  joinUrl,
  parseRetryAfter,
  realSleep,
  sniffImageMime,
  type FetchWithRetryOptions,
  type RetryInfo,
  type Sleep,
} from './http.ts';

type Script = (res: ServerResponse, request: RecordedRequest) => void | Promise<void>;

let server: RunningServer;
let script: Script[];
let hits: RecordedRequest[];
let sleeps: Array<{ ms: number; signal: AbortSignal | undefined }>;
const sleep: Sleep = async (ms, signal) => {
  sleeps.push({ ms, signal });
};

beforeAll(async () => {
  server = await startServer(async (request, res) => {
    hits.push(request);
    const next = script.shift() ?? ((r: ServerResponse) => sendJson(r, 200, { ok: true }));
    await next(res, request);
  });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  script = [];
  hits = [];
  sleeps = [];
});

const status =
  (code: number, headers: Record<string, string> = {}, body: unknown = { error: `status ${code}` }): Script =>
  (res) =>
    sendJson(res, code, body, headers);
const slow =
  (ms: number): Script =>
  async (res) => {
    if (await waitOrClose(res, ms)) sendJson(res, 200, { late: true });
  };
const drop: Script = (res) => {
  res.socket?.destroy();
};

const retryAfterSeconds = (body: Buffer) => (JSON.parse(body.toString()) as { retry_after: number }).retry_after * 1000;

function options(overrides: Partial<FetchWithRetryOptions> = {}): FetchWithRetryOptions {
  return { timeoutMs: 2000, maxAttempts: 3, sleep, random: () => 0, baseDelayMs: 100, ...overrides };
}

const get = (overrides: Partial<FetchWithRetryOptions> = {}) =>
  fetchWithRetry(`${server.url}/thing`, { method: 'GET' }, options(overrides));

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('fetchWithRetry', () => {
  it('returns a 2xx at once, with a body that can be read after the attempt ended', async () => {
    script = [status(200, { 'x-extra': 'yes' }, { hello: 'world' })];
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get('x-extra')).toBe('yes');
    expect(await response.json()).toEqual({ hello: 'world' });
    expect(hits).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('passes method, headers and body through', async () => {
    await fetchWithRetry(
      `${server.url}/post`,
      { method: 'POST', headers: { 'x-api-key': 'k', 'content-type': 'application/json' }, body: '{"a":1}' },
      options(),
    );
    expect(hits[0]).toMatchObject({ method: 'POST', path: '/post', body: { a: 1 } });
    expect(hits[0]!.headers['x-api-key']).toBe('k');
  });

  it.each([408, 429, 500, 502, 503, 504])('retries a %i and returns the success that follows', async (code) => {
    script = [status(code)];
    const retries: RetryInfo[] = [];
    const response = await get({ onRetry: (info) => retries.push(info) });
    expect(response.status).toBe(200);
    expect(hits).toHaveLength(2);
    expect(retries).toEqual([{ attempt: 1, delayMs: 50, reason: `status ${code}` }]);
  });

  it.each([400, 401, 403, 404, 406, 409, 422])('does not retry a %i and returns it', async (code) => {
    script = [status(code)];
    const response = await get();
    expect(response.status).toBe(code);
    expect(await response.json()).toEqual({ error: `status ${code}` });
    expect(hits).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('returns the last retryable answer when the attempts are spent', async () => {
    script = [status(503), status(502), status(500), status(200)];
    const response = await get();
    expect(response.status).toBe(500);
    expect(hits).toHaveLength(3);
  });

  it('makes exactly one attempt when maxAttempts is 1', async () => {
    script = [status(503)];
    expect((await get({ maxAttempts: 1 })).status).toBe(503);
    expect(hits).toHaveLength(1);
  });

  it('backs off exponentially with jitter between attempts', async () => {
    script = [status(500), status(500), status(500), status(500)];
    await get({ maxAttempts: 5, random: () => 0 });
    expect(sleeps.map((s) => s.ms)).toEqual([50, 100, 200, 400]);

    sleeps = [];
    script = [status(500), status(500)];
    await get({ maxAttempts: 3, random: () => 0.5 });
    expect(sleeps.map((s) => s.ms)).toEqual([75, 150]);
  });

  it('waits the Retry-After seconds instead of the backoff', async () => {
    script = [status(429, { 'retry-after': '3' }), status(503, { 'retry-after': '0' })];
    await get();
    expect(sleeps.map((s) => s.ms)).toEqual([3000, 0]);
  });

  it('waits until a Retry-After date, and caps long waits', async () => {
    script = [status(429, { 'retry-after': new Date(Date.now() + 10_000).toUTCString() }), status(429, { 'retry-after': '86400' })];
    await get({ maxRetryAfterMs: 20_000 });
    expect(sleeps[0]!.ms).toBeGreaterThan(8000);
    expect(sleeps[0]!.ms).toBeLessThanOrEqual(10_000);
    expect(sleeps[1]!.ms).toBe(20_000);
  });

  it('falls back to the backoff when Retry-After is unreadable', async () => {
    script = [status(429, { 'retry-after': 'soon' })];
    await get();
    expect(sleeps.map((s) => s.ms)).toEqual([50]);
  });

  it('uses a retry hint from the body when there is no Retry-After header', async () => {
    script = [status(429, {}, { retry_after: 4 }), status(429, { 'retry-after': '1' }, { retry_after: 9 })];
    await get({ retryAfterFromBody: retryAfterSeconds });
    expect(sleeps.map((s) => s.ms)).toEqual([4000, 1000]);
  });

  it('lets the caller decide what is retryable', async () => {
    script = [status(429, {}, { error: { code: 'insufficient_quota' } }), status(409)];
    const quota = await get({
      isRetryable: (response, body) => response.status === 429 && !body.toString().includes('insufficient_quota'),
    });
    expect(quota.status).toBe(429);
    expect(hits).toHaveLength(1);
    const conflict = await get({ isRetryable: (response) => response.status === 409 });
    expect(conflict.status).toBe(200);
    expect(hits).toHaveLength(3);
  });

  it('retries network errors and throws a network HttpRequestError when they persist', async () => {
    script = [drop];
    expect((await get()).status).toBe(200);
    expect(hits).toHaveLength(2);

    hits = [];
    script = [drop, drop, drop];
    const error = await failure(get());
    expect(error).toBeInstanceOf(HttpRequestError);
    expect(error).toMatchObject({ kind: 'network', attempts: 3 });
    expect(hits).toHaveLength(3);
  });

  it('retries a connection that is refused', async () => {
    const error = await failure(fetchWithRetry('http://127.0.0.1:1/x', {}, options({ maxAttempts: 2 })));
    expect(error).toMatchObject({ name: 'HttpRequestError', kind: 'network', attempts: 2 });
    expect(sleeps).toHaveLength(1);
  });

  it('times out each attempt, retries, and throws a timeout HttpRequestError', async () => {
    script = [slow(5000), slow(5000)];
    const started = Date.now();
    const error = await failure(get({ timeoutMs: 60, maxAttempts: 2 }));
    expect(Date.now() - started).toBeLessThan(1500);
    expect(error).toMatchObject({ name: 'HttpRequestError', kind: 'timeout', attempts: 2 });
    expect(hits).toHaveLength(2);
  });

  it('counts a stalled body as a timeout of the attempt', async () => {
    const png = await makePng();
    script = [
      async (res) => {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) });
        res.write(png.subarray(0, 10));
        await waitOrClose(res, 5000);
      },
    ];
    const response = await get({ timeoutMs: 100 });
    expect(response.status).toBe(200);
    expect(hits).toHaveLength(2);
  });

  it('throws the caller’s reason and never retries once the caller aborted mid-request', async () => {
    script = [slow(5000)];
    const controller = new AbortController();
    const reason = new Error('cancelled by user');
    setTimeout(() => controller.abort(reason), 40);
    const error = await failure(get({ signal: controller.signal }));
    expect(error).toBe(reason);
    expect(hits).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('stops after the backoff when the caller aborted while it waited', async () => {
    script = [status(503)];
    const controller = new AbortController();
    const abortingSleep: Sleep = async (ms, signal) => {
      sleeps.push({ ms, signal });
      controller.abort();
    };
    const error = await failure(get({ signal: controller.signal, sleep: abortingSleep }));
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(hits).toHaveLength(1);
    expect(sleeps[0]!.signal).toBe(controller.signal);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(get({ signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(hits).toHaveLength(0);
  });

  it('handles answers without a body', async () => {
    script = [
      (res) => {
        res.writeHead(204).end();
      },
    ];
    const response = await get();
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });
});

describe('realSleep', () => {
  it('waits, and ends early with an error when its signal aborts', async () => {
    const started = Date.now();
    await realSleep(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const begun = Date.now();
    await expect(realSleep(10_000, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - begun).toBeLessThan(1000);
  });
});

describe('helpers', () => {
  it.each([
    ['5', 5000],
    ['0', 0],
    ['1.5', 1500],
    [' 12 ', 12_000],
    ['', undefined],
    ['-3', undefined],
    ['soon', undefined],
    [null, undefined],
  ])('parseRetryAfter(%j) = %j', (value, expected) => {
    expect(parseRetryAfter(value)).toBe(expected);
  });

  it('parses Retry-After dates relative to now, never negative', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', now)).toBe(0);
  });

  it('computes backoff steps with equal jitter and a ceiling', () => {
    const config = { baseDelayMs: 1000, maxDelayMs: 5000 };
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, { ...config, random: () => 0 }))).toEqual([500, 1000, 2000, 2500, 2500]);
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, { ...config, random: () => 0.999999 }))).toEqual([1000, 2000, 4000, 5000]);
  });

  it('knows the retryable statuses', () => {
    expect([408, 429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([200, 400, 401, 403, 404, 406, 422, 501].some(isRetryableStatus)).toBe(false);
  });

  it('recognises PNG, JPEG and WebP bytes', async () => {
    expect(sniffImageMime(await makePng())).toBe('image/png');
    expect(sniffImageMime(await makeJpeg())).toBe('image/jpeg');
    expect(sniffImageMime(await makeWebp())).toBe('image/webp');
    expect(sniffImageMime(Buffer.from('GIF89a'))).toBeUndefined();
    expect(sniffImageMime(Buffer.alloc(0))).toBeUndefined();
  });

  it.each([
    ['https://api.openai.com/v1', 'chat/completions', 'https://api.openai.com/v1/chat/completions'],
    ['https://api.openai.com/v1/', '/chat/completions', 'https://api.openai.com/v1/chat/completions'],
    ['http://localhost:11434/v1//', 'chat/completions', 'http://localhost:11434/v1/chat/completions'],
  ])('joinUrl(%j, %j)', (base, path, expected) => {
    expect(joinUrl(base, path)).toBe(expected);
  });
});
