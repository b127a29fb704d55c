import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { apiKeyMessages, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX } from '#contracts/api-keys.ts';
import { AppError } from '../lib/app-error.ts';

/** The first answer under a key, replayed as it was sent. */
export interface StoredAnswer {
  status: number;
  body: string;
}

/** Where first answers are kept (modules/api-keys/idempotency.ts keeps them in the database). */
export interface IdempotencyStore {
  /**
   * Claims the key for this request: 'claimed' means run it and then `complete` or `release`.
   * A finished first request with the same hash is replayed; another hash is 422
   * IDEMPOTENCY_KEY_REUSED; a first request still running is waited for (409 IDEMPOTENCY_KEY_IN_USE
   * if it takes too long).
   */
  claim(workspaceId: string, key: string, requestHash: string): Promise<'claimed' | StoredAnswer>;
  complete(workspaceId: string, key: string, answer: StoredAnswer): Promise<void>;
  /** The request failed: nothing was charged, so the key may be used again. */
  release(workspaceId: string, key: string): Promise<void>;
}

/** Visible ASCII, as Stripe accepts (a UUID fits). */
const KEY_PATTERN = /^[\x21-\x7e]+$/;

/** The request's Idempotency-Key, checked; undefined without one. */
export function idempotencyKey(req: FastifyRequest): string | undefined {
  const value = req.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > IDEMPOTENCY_KEY_MAX || !KEY_PATTERN.test(value)) {
    throw new AppError('BAD_REQUEST', apiKeyMessages.idempotencyKeyInvalid);
  }
  return value;
}

/** JSON with object keys sorted, so the same body sent with its fields in another order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What makes two requests the same: the route, its path parameters, its query and its body. */
export function requestHash(route: string, input: { params: unknown; query: unknown; body: unknown }): string {
  return createHash('sha256')
    .update(`${route}\n${canonical(input)}`)
    .digest('hex');
}
