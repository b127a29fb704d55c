import { genericMessages } from '#contracts/errors.ts';
import { ApiError } from './api-client.ts';

/**
 * The text to show for a failure: the message Klipt's server sent with it, else the client's notice
 * that Klipt could not be reached, else `fallback` (a proxy's error page, an unexpected exception):
 * the screen's own text where the product has one, else the generic one.
 */
export function userMessage(error: unknown, fallback: string = genericMessages.internal): string {
  if (error instanceof ApiError && (error.fromServer || error.code === 'NETWORK')) return error.message;
  return fallback;
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
