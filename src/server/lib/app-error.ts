import type { ErrorCode } from '#contracts/errors.ts';
import { errorStatus } from '#contracts/errors.ts';

/** The one error type services throw: a code (which fixes the HTTP status) and a message users may read. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = errorStatus[code];
    this.details = details;
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

/** PostgreSQL unique violation, from pg or PGlite. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  return e !== undefined && e.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

interface PgErrorLike {
  code?: string;
  constraint?: string;
}

function findPgError(err: unknown): PgErrorLike | undefined {
  let cur: unknown = err;
  for (let depth = 0; depth < 5 && cur && typeof cur === 'object'; depth++) {
    const c = cur as PgErrorLike & { cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return c;
    cur = c.cause;
  }
  return undefined;
}
