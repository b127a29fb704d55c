import { z } from 'zod';

/** Every error the API can answer with; the HTTP status follows from the code alone. */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INSUFFICIENT_CREDITS: 402,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PROVIDER_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

export const ErrorBody = z
  .object({
    error: z.object({
      code: z.enum(errorCodes),
      message: z.string(),
    }),
  })
  .meta({ id: 'ErrorBody' });

export type ErrorBody = z.infer<typeof ErrorBody>;
