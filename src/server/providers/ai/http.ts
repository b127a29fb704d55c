/**
 * The HTTP helper every AI provider adapter uses: one request with a per-attempt timeout, retried
 * with exponential backoff and jitter when the failure is transient (network error, timeout, 408,
 * 429, 500, 502, 503, 504), honouring `Retry-After`. Other answers (2xx, 3xx, other 4xx) are returned
 * at once. The caller's signal always wins: once it aborted, nothing is retried and its reason is
 * thrown unchanged.
 *
 * The response body is read inside the attempt, so a body that stalls counts as a timeout (and is
 * retried) instead of hanging the caller. The returned `Response` is a buffered copy: read it freely.
 */

import { setTimeout as delay } from 'node:timers/promises';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RetryInfo {
  /** The attempt that just failed (1-based). */
  attempt: number;
  delayMs: number;
  /** 'status 503', 'timeout', 'network: ECONNRESET' … */
  reason: string;
}

export interface FetchWithRetryOptions {
  /** Time allowed for one attempt, headers and body together. */
  timeoutMs: number;
  /** Attempts in all, the first one included (1 = no retry). */
  maxAttempts: number;
  /** The caller's signal: when it aborts, the request stops and is never retried. */
  signal?: AbortSignal;
  /** Waits between attempts; tests inject a fast one. Default: a real, abortable timer. */
  sleep?: Sleep;
  /** First backoff delay; doubles per attempt. Default 500 ms. */
  baseDelayMs?: number;
  /** Backoff ceiling (before jitter). Default 8 s. */
  maxDelayMs?: number;
  /** Ceiling for a server-requested `Retry-After`. Default 30 s. */
  maxRetryAfterMs?: number;
  /** Jitter source in [0, 1). Default Math.random. */
  random?: () => number;
  /** Overrides the status rule (e.g. an OpenAI 429 `insufficient_quota` is not worth retrying). */
  isRetryable?: (response: Response, body: Buffer) => boolean;
  /** A provider's own retry hint in the body (BFL sends `retry_after` seconds), in ms. Used when no `Retry-After` header. */
  retryAfterFromBody?: (body: Buffer, response: Response) => number | undefined;
  onRetry?: (info: RetryInfo) => void;
}

/** A request that never got an HTTP answer, after all attempts were spent. */
export class HttpRequestError extends Error {
  readonly kind: 'timeout' | 'network';
  readonly attempts: number;
  constructor(kind: 'timeout' | 'network', attempts: number, cause: unknown) {
    super(kind === 'timeout' ? `request timed out (${attempts} attempts)` : `network error (${attempts} attempts)`, { cause });
    this.name = 'HttpRequestError';
    this.kind = kind;
    this.attempts = attempts;
  }
}

const retryableStatuses = new Set([408, 429, 500, 502, 503, 504]);

export function isRetryableStatus(status: number): boolean {
  return retryableStatuses.has(status);
}

export const realSleep: Sleep = async (ms, signal) => {
  if (ms <= 0) return;
  await delay(ms, undefined, signal ? { signal } : undefined);
};

/**
 * `Retry-After` in ms: delta-seconds or an HTTP date (RFC 9110 §10.2.3). Undefined when missing or
 * unreadable; never negative.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // An HTTP date always names a day or month; Date.parse alone would read '-3' as a year.
  if (!/[a-z]{3}/i.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Exponential backoff with "equal jitter": half the step is fixed, half random. */
export function backoffDelay(attempt: number, options: { baseDelayMs: number; maxDelayMs: number; random: () => number }): number {
  const step = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(step / 2 + (step / 2) * options.random());
}

const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);

function buffered(response: Response, body: Buffer): Response {
  return new Response(nullBodyStatuses.has(response.status) ? null : new Uint8Array(body), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause as { code?: unknown } | undefined;
    const code = cause && typeof cause.code === 'string' ? cause.code : undefined;
    return code ? `${error.message} (${code})` : error.message;
  }
  return String(error);
}

export async function fetchWithRetry(url: string | URL, init: RequestInit, options: FetchWithRetryOptions): Promise<Response> {
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const backoff = {
    baseDelayMs: options.baseDelayMs ?? 500,
    maxDelayMs: options.maxDelayMs ?? 8000,
    random,
  };
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
  const maxAttempts = Math.max(1, Math.floor(options.maxAttempts));
  const callerSignal = options.signal;

  for (let attempt = 1; ; attempt++) {
    callerSignal?.throwIfAborted();
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;

    let retryReason: string;
    let retryAfterMs: number | undefined;
    try {
      const response = await fetch(url, { ...init, signal });
      const body = Buffer.from(await response.arrayBuffer());
      const copy = buffered(response, body);
      const retryable = options.isRetryable ? options.isRetryable(copy.clone(), body) : isRetryableStatus(response.status);
      if (!retryable || attempt >= maxAttempts) return copy;
      retryReason = `status ${response.status}`;
      retryAfterMs = parseRetryAfter(response.headers.get('retry-after')) ?? options.retryAfterFromBody?.(body, copy.clone());
    } catch (error) {
      if (callerSignal?.aborted) throw callerSignal.reason;
      const kind = timeout.aborted ? 'timeout' : 'network';
      if (attempt >= maxAttempts) throw new HttpRequestError(kind, attempt, error);
      retryReason = kind === 'timeout' ? 'timeout' : `network: ${describe(error)}`;
    }

    const delayMs = retryAfterMs === undefined ? backoffDelay(attempt, backoff) : Math.min(Math.max(0, retryAfterMs), maxRetryAfterMs);
    options.onRetry?.({ attempt, delayMs, reason: retryReason });
    try {
      await sleep(delayMs, callerSignal);
    } catch (error) {
      if (callerSignal?.aborted) throw callerSignal.reason;
      throw error;
    }
  }
}

/** The image types Klipt keeps, recognised by their first bytes. */
export function sniffImageMime(data: Uint8Array): 'image/png' | 'image/jpeg' | 'image/webp' | undefined {
  if (data.length >= 8 && data[0] === 0x89 && data[1] === 0x50 && data[2] === 0x4e && data[3] === 0x47) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (
    data.length >= 12 &&
    Buffer.from(data.subarray(0, 4)).toString('latin1') === 'RIFF' &&
    Buffer.from(data.subarray(8, 12)).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return undefined;
}

/** The media type of a Content-Type header, lower case, without parameters ('' when missing). */
export function mediaType(response: Response): string {
  return (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Parses a buffered JSON body; undefined when it is not JSON. */
export function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Joins a base URL and a path without doubling or dropping slashes. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
