import { ApiError } from './api-client.ts';

/** The user-facing message the server sent with a failure, if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.fromServer ? error.message : undefined;
}

/** Seconds to wait after a 429: Retry-After, else read from the message ("Please wait 42 seconds…"), else the fallback. */
export function retryAfterSeconds(error: unknown, fallback: number): number {
  if (!(error instanceof ApiError) || error.status !== 429) return fallback;
  if (error.retryAfterSeconds) return error.retryAfterSeconds;
  const seconds = /(\d+)\s*second/i.exec(error.message);
  if (seconds) return Number(seconds[1]);
  const minutes = /(\d+)\s*minute/i.exec(error.message);
  if (minutes) return Number(minutes[1]) * 60;
  return fallback;
}
