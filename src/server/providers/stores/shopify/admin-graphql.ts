/**
 * A small client of Shopify's GraphQL Admin API (docs/providers.md#shopify). It paces itself by
 * Shopify's calculated query cost: every answer's `extensions.cost.throttleStatus` tells how full
 * the app's leaky bucket is, and a query whose cost the bucket cannot hold yet waits until enough
 * has been restored instead of being refused. THROTTLED answers, 429 and 5xx are retried with
 * exponential backoff and jitter; 401/403 mean the token is gone.
 * https://shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits
 */

import { SHOPIFY_API_VERSION } from '#contracts/stores.ts';
import { backoffDelay, parseRetryAfter, realSleep, type Sleep } from '../../ai/http.ts';
import { StoreError } from '../store-client.ts';

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export interface QueryCost {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: ThrottleStatus;
}

export interface AdminGraphqlOptions {
  /** `https://<shop>.myshopify.com` (or the tests' fake). */
  shopUrl: string;
  accessToken: string;
  fetch?: typeof fetch;
  sleep?: Sleep;
  /** Milliseconds since the epoch; the bucket's restoration is computed with it. */
  now?: () => number;
  random?: () => number;
  /** One attempt, headers and body together. Default 30 s. */
  timeoutMs?: number;
  /** Attempts in all per request. Default 5. */
  maxAttempts?: number;
}

export interface RequestOptions {
  /** The cost the bucket must hold; default: what the same query was charged last time. */
  expectedCost?: number;
  signal?: AbortSignal;
}

export interface AdminGraphql {
  request<T>(query: string, variables?: Record<string, unknown>, options?: RequestOptions): Promise<T>;
  /** The bucket as last reported by Shopify, restored to now (undefined before the first answer). */
  available(): number | undefined;
}

interface GraphqlError {
  message?: string;
  extensions?: { code?: string };
}

interface GraphqlAnswer {
  data?: unknown;
  errors?: GraphqlError[];
  extensions?: { cost?: QueryCost };
}

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 10_000;
const MAX_RETRY_AFTER_MS = 60_000;

export function adminGraphqlUrl(shopUrl: string): string {
  return `${shopUrl.replace(/\/+$/, '')}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
}

export function createAdminGraphql(options: AdminGraphqlOptions): AdminGraphql {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? realSleep;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 5);
  const url = adminGraphqlUrl(options.shopUrl);

  let bucket: (ThrottleStatus & { at: number }) | undefined;
  /** What each query was charged up front last time (Shopify refunds the unused part afterwards). */
  const lastRequestedCost = new Map<string, number>();

  const available = (): number | undefined => {
    if (!bucket) return undefined;
    const restored = ((now() - bucket.at) / 1000) * bucket.restoreRate;
    return Math.min(bucket.maximumAvailable, bucket.currentlyAvailable + restored);
  };

  /** How long until the bucket holds `cost` (0 when it does, or when it never can). */
  const waitFor = (cost: number): number => {
    const have = available();
    if (have === undefined || !bucket || bucket.restoreRate <= 0 || cost > bucket.maximumAvailable || have >= cost) return 0;
    return Math.ceil(((cost - have) / bucket.restoreRate) * 1000);
  };

  const backoff = (attempt: number) => backoffDelay(attempt, { baseDelayMs: BASE_DELAY_MS, maxDelayMs: MAX_DELAY_MS, random });

  async function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
    if (ms <= 0) return;
    try {
      await sleep(ms, signal);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw error;
    }
  }

  async function request<T>(query: string, variables: Record<string, unknown> = {}, requestOptions: RequestOptions = {}): Promise<T> {
    const signal = requestOptions.signal;
    let lastProblem = 'no answer';
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      signal?.throwIfAborted();
      const expected = requestOptions.expectedCost ?? lastRequestedCost.get(query);
      if (expected !== undefined) await pause(waitFor(expected), signal);

      const timeout = AbortSignal.timeout(timeoutMs);
      let status: number;
      let retryAfter: string | null;
      let text: string;
      try {
        const response = await doFetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'x-shopify-access-token': options.accessToken,
          },
          body: JSON.stringify({ query, variables }),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        status = response.status;
        retryAfter = response.headers.get('retry-after');
        text = await response.text();
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        lastProblem = timeout.aborted ? 'timed out' : `network error: ${error instanceof Error ? error.message : String(error)}`;
        if (attempt < maxAttempts) await pause(backoff(attempt), signal);
        continue;
      }

      if (status === 401 || status === 403) throw new StoreError('unauthorized', `Shopify refused the access token (${status})`);
      if (status === 404) throw new StoreError('not_found', 'Shopify does not know this shop');
      if (status === 429 || status >= 500) {
        lastProblem = status === 429 ? 'throttled (429)' : `Shopify answered ${status}`;
        const hinted = status === 429 ? parseRetryAfter(retryAfter, now()) : undefined;
        if (attempt < maxAttempts) await pause(hinted === undefined ? backoff(attempt) : Math.min(hinted, MAX_RETRY_AFTER_MS), signal);
        continue;
      }

      let answer: GraphqlAnswer;
      try {
        answer = JSON.parse(text) as GraphqlAnswer;
      } catch {
        throw new StoreError('unavailable', `Shopify answered ${status} without JSON`);
      }
      if (status < 200 || status >= 300) {
        throw new StoreError('unavailable', joinMessages(answer.errors) || `Shopify answered ${status}`);
      }

      const cost = answer.extensions?.cost;
      if (cost?.throttleStatus) {
        bucket = { ...cost.throttleStatus, at: now() };
        if (typeof cost.requestedQueryCost === 'number') lastRequestedCost.set(query, cost.requestedQueryCost);
      }

      const errors = answer.errors ?? [];
      if (errors.some((error) => error.extensions?.code === 'THROTTLED')) {
        lastProblem = 'throttled';
        const needed = cost ? waitFor(cost.requestedQueryCost) : 0;
        if (attempt < maxAttempts) await pause(Math.max(needed, backoff(attempt)), signal);
        continue;
      }
      if (errors.some((error) => error.extensions?.code === 'ACCESS_DENIED')) {
        throw new StoreError('unauthorized', joinMessages(errors));
      }
      if (errors.length > 0) throw new StoreError('unavailable', joinMessages(errors));
      return answer.data as T;
    }
    throw new StoreError('unavailable', `Shopify could not be reached after ${maxAttempts} attempts (${lastProblem})`);
  }

  return { request, available };
}

function joinMessages(errors: GraphqlError[] | undefined): string {
  return (errors ?? [])
    .map((error) => error.message)
    .filter((message): message is string => typeof message === 'string' && message !== '')
    .join('; ');
}
