import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../../contracts/errors.ts';
import { authMessages } from '../../../contracts/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Auth } from './auth.ts';

export interface AuthAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Passes a Fastify request to better-auth as a Fetch request (optionally with a replacement JSON body). */
export async function callAuth(auth: Auth, appUrl: string, req: FastifyRequest, body?: unknown): Promise<AuthAnswer> {
  const headers = fromNodeHeaders(req.headers);
  headers.delete('content-length');
  let payload: string | undefined;
  if (body !== undefined) {
    payload = JSON.stringify(body);
    headers.set('content-type', 'application/json');
  } else if (req.body !== undefined && req.method !== 'GET' && req.method !== 'HEAD') {
    payload = typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
  }
  const request = new Request(new URL(req.url, appUrl), {
    method: req.method,
    headers,
    ...(payload !== undefined ? { body: payload } : {}),
  });
  const response = await auth.handler(request);
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
  USER_ALREADY_EXISTS: { code: 'CONFLICT', message: authMessages.emailTaken },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { code: 'CONFLICT', message: authMessages.emailTaken },
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
