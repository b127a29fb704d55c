import { z } from 'zod';
import { planIds } from './plans.ts';

/** Every error the API can answer with; the HTTP status follows from the code alone. */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  /** The bearer API key is unknown, revoked, expired, or its workspace lost 'API access'. */
  INVALID_API_KEY: 401,
  /** The endpoint is for sessions only. */
  API_KEY_NOT_ACCEPTED: 403,
  /** The key lacks the scope the endpoint needs. */
  API_KEY_SCOPE_REQUIRED: 403,
  FORBIDDEN: 403,
  /** The workspace's plan does not include the feature; the body names the plan that does. */
  PLAN_REQUIRED: 403,
  /** Every seat of the workspace's plan is taken or invited. */
  SEAT_LIMIT: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** The Idempotency-Key's first request is still being answered. */
  IDEMPOTENCY_KEY_IN_USE: 409,
  /** The Idempotency-Key came with another request before. */
  IDEMPOTENCY_KEY_REUSED: 422,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INSUFFICIENT_CREDITS: 402,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PROVIDER_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** What users read when a request fails for a reason that is not a product rule. */
export const genericMessages = {
  notFound: 'Not found',
  /** A request the server cannot read (malformed address, headers or body) and no field to blame. */
  badRequest: 'The request is not valid.',
  badUrl: 'The address of this request is not valid.',
  uriTooLong: 'The address of this request is too long.',
  invalidJson: 'The request body is not valid JSON.',
  internal: 'Something went wrong. Please try again.',
  rateLimited: 'Too many requests. Please slow down and try again shortly.',
  payloadTooLarge: 'The request is too large.',
  unsupportedMediaType: 'This content type is not supported here.',
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
  crossOrigin: 'This request came from another site and was refused.',
  /** A signed file address past its expiry (docs/operations.md#media-files). */
  fileLinkExpired: 'This file link has expired. Reload the page to get a new one.',
  /** A file address whose signature does not match. */
  fileLinkInvalid: 'This file link is not valid.',
  /** A rate limit without a message of its own; `wait` reads "42 seconds" or "3 minutes". */
  tryAgainIn: (wait: string) => `Too many attempts. Please try again in ${wait}.`,
} as const;

export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

export const ErrorBody = z
  .object({
    error: z.object({
      code: z.enum(errorCodes),
      message: z.string(),
      /** On PLAN_REQUIRED and SEAT_LIMIT: the plan that unlocks what was refused. */
      plan: z.enum(planIds).optional(),
    }),
  })
  .meta({ id: 'ErrorBody' });

export type ErrorBody = z.infer<typeof ErrorBody>;
