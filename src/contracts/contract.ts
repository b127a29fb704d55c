import type { z } from 'zod';
import type { ApiKeyScope } from './api-keys.ts';
import type { EntitlementKey } from './entitlements.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. The server checks it before it reads the request (a visitor gets 401,
 * a signed-in user without the level 403), so a route cannot forget it.
 * - public: anyone
 * - user: signed in, the email may still be unconfirmed (the verify-email page)
 * - verified: signed in with a confirmed email (every product screen)
 * - admin: verified and a super admin
 */
export const accessLevels = ['public', 'user', 'verified', 'admin'] as const;
export type AccessLevel = (typeof accessLevels)[number];

/** The answers of a refused access check (401, then 403). */
export const accessMessages = {
  signInRequired: 'Please sign in to continue.',
  verifyEmailFirst: 'Please verify your email address to continue.',
  adminOnly: 'Only super admins can do this.',
} as const;

/**
 * One endpoint, described once: the server registers it as a Fastify route (access, validation and
 * OpenAPI come from it) and the web client calls it and keys its cache by the same object.
 */
export interface Contract<
  TParams extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TResponse extends z.ZodType = z.ZodType,
  TAuth extends AccessLevel = AccessLevel,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: string[];
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  /** The success status and its body schema. */
  status: 200 | 201 | 202 | 204;
  response: TResponse;
  /**
   * What the request body is when it is not JSON (a file upload). The router refuses any other
   * content type with 415 before reading a byte of the body; without `body` or `consumes` an
   * endpoint takes no body at all.
   */
  consumes?: 'multipart/form-data';
  /**
   * The handler receives the body's bytes unparsed (a signed webhook verifies the exact bytes);
   * any other content type is refused with 415 like `consumes`.
   */
  rawBody?: 'application/json';
  /** What the success body is when it is not JSON (documented; the handler sends it). */
  produces?: 'application/octet-stream' | 'application/zip' | 'text/event-stream';
  /** Extra documented error statuses besides the generic ones. */
  errors?: number[];
  /** Who may call it; required, so a new endpoint decides it the day it is written. */
  auth: TAuth;
  /**
   * The plan feature the caller's current workspace needs (src/contracts/entitlements.ts), checked
   * with `auth` before the input is read: 403 PLAN_REQUIRED names the plan that unlocks it.
   */
  entitlement?: EntitlementKey;
  /** The 401 answer when the endpoint names it in its own words (the spec's checkout errors). */
  unauthenticatedMessage?: string;
  /**
   * The API key scope that may call it with `Authorization: Bearer` (docs/api.md); without it a
   * key is refused (403 API_KEY_NOT_ACCEPTED) and only a session may call.
   */
  apiKey?: ApiKeyScope;
  /**
   * It spends credits: it takes `Idempotency-Key`, and the same key with the same body within 24
   * hours answers the first response again without a second charge.
   */
  idempotent?: true;
  /**
   * A visitor's answer (no session, no API key) is the same for every visitor, so it may be kept by
   * browsers and shared caches: it carries an ETag and a short public lifetime, and a matching
   * If-None-Match gets 304 without a body. A signed-in caller's answer stays no-store
   * (docs/operations.md#caching-public-pages).
   */
  visitorCache?: true;
}

export function defineContract<
  TParams extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TBody extends z.ZodType | undefined = undefined,
  TResponse extends z.ZodType = z.ZodType,
  TAuth extends AccessLevel = AccessLevel,
>(c: Contract<TParams, TQuery, TBody, TResponse, TAuth>): Contract<TParams, TQuery, TBody, TResponse, TAuth> {
  // Plain JavaScript callers get the same guarantee as the type checker gives TypeScript ones.
  if (!(accessLevels as readonly string[]).includes(c.auth)) {
    throw new Error(`${c.method} ${c.path}: auth must be one of ${accessLevels.join(', ')}`);
  }
  if (c.entitlement && (c.auth === 'public' || c.auth === 'user')) {
    throw new Error(`${c.method} ${c.path}: a plan feature needs a verified caller (auth 'verified' or 'admin')`);
  }
  if (c.apiKey && (c.auth === 'user' || c.auth === 'admin')) {
    throw new Error(`${c.method} ${c.path}: an API key acts as a verified member, never on '${c.auth}' routes`);
  }
  if (c.idempotent && c.method !== 'POST') throw new Error(`${c.method} ${c.path}: only a POST is idempotent by key`);
  if (c.visitorCache && (c.method !== 'GET' || c.auth !== 'public')) {
    throw new Error(`${c.method} ${c.path}: only a public GET has an answer for visitors to cache`);
  }
  return c;
}

type InputOf<S> = [NonNullable<S>] extends [never] ? undefined : NonNullable<S> extends z.ZodType ? z.input<NonNullable<S>> : undefined;

export type ContractParams<C extends Contract> = InputOf<C['params']>;
export type ContractQuery<C extends Contract> = InputOf<C['query']>;
export type ContractBody<C extends Contract> = InputOf<C['body']>;
export type ContractResponse<C extends Contract> = z.output<C['response']>;
