import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { genericMessages, type ErrorCode } from '#contracts/errors.ts';
import { authMessages } from '#contracts/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Auth } from './auth.ts';

export interface AuthAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/**
 * The only better-auth endpoints Klipt serves over HTTP, each behind a route of its own with its own
 * rate limit (docs/operations.md#sign-in-and-account-limits). Everything else better-auth has is
 * listed in `disabledPaths` (auth.ts) and has no route.
 */
export const bridgedEndpoints = {
  signUp: { method: 'POST', path: '/sign-up/email' },
  signIn: { method: 'POST', path: '/sign-in/email' },
  signOut: { method: 'POST', path: '/sign-out' },
  resetPassword: { method: 'POST', path: '/reset-password' },
  /** The link of the verification email. */
  verifyEmail: { method: 'GET', path: '/verify-email' },
  /** The link of the reset email (`/reset-password/:token`); the token becomes one vetted path segment. */
  resetPasswordLink: { method: 'GET', path: '/reset-password' },
} as const satisfies Record<string, { method: 'GET' | 'POST'; path: string }>;

export type BridgedEndpoint = (typeof bridgedEndpoints)[keyof typeof bridgedEndpoints];

/** better-auth's paths as `disabledPaths` spells them (reset-password/:token is a pattern there). */
export const bridgedPaths: readonly string[] = [...Object.values(bridgedEndpoints).map((e) => e.path), '/reset-password/:token'];

/** Letters, digits, `-` and `_` only: no dot-segment, no separator and no percent-encoding can get through. */
const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,200}$/;

export function isSafeSegment(segment: string): boolean {
  return SAFE_SEGMENT.test(segment);
}

/**
 * The URL better-auth sees: built from the endpoint's constant path and the values Klipt vetted,
 * never from the request's URL (which may hold `..`, `%2e%2e` or an endpoint Klipt does not serve).
 */
export function authUrl(
  appUrl: string,
  endpoint: BridgedEndpoint,
  options: { segment?: string; query?: Record<string, string> } = {},
): URL {
  const segments = endpoint.path.split('/').slice(1);
  if (options.segment !== undefined) segments.push(options.segment);
  if (!segments.every((s) => SAFE_SEGMENT.test(s))) throw new AppError('NOT_FOUND', genericMessages.notFound);
  const url = new URL(`/api/auth/${segments.join('/')}`, appUrl);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  return url;
}

/**
 * Calls one vetted better-auth endpoint with the request's headers (cookies, origin, user agent) and
 * the body Klipt validated; the request's own URL and body are never passed on.
 */
export async function callAuth(
  auth: Auth,
  appUrl: string,
  endpoint: BridgedEndpoint,
  req: FastifyRequest,
  options: { body?: unknown; segment?: string; query?: Record<string, string> } = {},
): Promise<AuthAnswer> {
  const headers = forwardedHeaders(req);
  const body = endpoint.method === 'POST' ? JSON.stringify(options.body ?? {}) : undefined;
  if (body !== undefined) headers.set('content-type', 'application/json');
  const request = new Request(authUrl(appUrl, endpoint, options), {
    method: endpoint.method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  return readAnswer(await auth.handler(request));
}

/** The request's headers as better-auth reads them (cookies, origin, user agent), without body framing. */
export function forwardedHeaders(req: FastifyRequest): Headers {
  const headers = fromNodeHeaders(req.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  headers.delete('transfer-encoding');
  headers.delete('content-type');
  return headers;
}

/** better-auth's Response as status, headers and parsed body. */
export async function readAnswer(response: Response): Promise<AuthAnswer> {
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('application/json') && text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

/** Copies better-auth's cookies and redirects onto the reply (Set-Cookie as an array). */
export function copyAuthHeaders(answer: AuthAnswer, reply: FastifyReply): void {
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const location = answer.headers.get('location');
  if (location) reply.header('location', location);
}

const codeMessages: Record<string, { code: ErrorCode; message: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { code: 'UNAUTHENTICATED', message: authMessages.invalidCredentials },
  PASSWORD_TOO_SHORT: { code: 'VALIDATION_FAILED', message: authMessages.passwordTooShort },
  PASSWORD_TOO_LONG: { code: 'VALIDATION_FAILED', message: authMessages.passwordTooLong },
  INVALID_TOKEN: { code: 'BAD_REQUEST', message: authMessages.resetLinkInvalid },
};

const statusCodes: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
};

/** better-auth's error answers in Klipt's one error shape, with the spec's words where they exist. */
export function authError(answer: AuthAnswer, fallbackMessage: string): AppError {
  const body = (answer.body ?? {}) as { code?: string; message?: string };
  const known = body.code ? codeMessages[body.code] : undefined;
  if (known) return new AppError(known.code, known.message);
  const code = statusCodes[answer.status] ?? (answer.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
  const message = typeof body.message === 'string' && body.message !== '' && answer.status < 500 ? body.message : fallbackMessage;
  return new AppError(code, message);
}
