import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../../contracts/errors.ts';
import { genericMessages } from '../../contracts/errors.ts';
import { isAppError } from '../lib/app-error.ts';

export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { error: { code, message } };
}

interface ZodIssueLike {
  message?: string;
  instancePath?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** The first validation problem as one readable sentence: "email: Please enter a valid email address". */
function validationMessage(issues: ZodIssueLike[]): string {
  const first = issues[0];
  if (!first) return 'The request is not valid.';
  const message = first.params?.issue?.message ?? first.message ?? 'Invalid value';
  const path = (first.params?.issue?.path ?? []).map(String).join('.') || first.instancePath?.replace(/^\//, '').replace(/\//g, '.');
  // Messages written for users already name their field.
  return path && !/^[A-Z]/.test(message) ? `${path}: ${message}` : message;
}

/** One error shape for every failure: { error: { code, message } }. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (isAppError(err)) {
      if (err.status >= 500) req.log.error({ err }, 'request failed');
      const retryAfter = err.details?.['retryAfter'];
      if (typeof retryAfter === 'number') reply.header('Retry-After', String(retryAfter));
      return reply.code(err.status).send(errorBody(err.code, err.message));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send(errorBody('VALIDATION_FAILED', validationMessage(err.validation)));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response did not match its contract');
      return reply.code(500).send(errorBody('INTERNAL', genericMessages.internal));
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_PARTS_LIMIT') {
      return reply.code(413).send(errorBody('PAYLOAD_TOO_LARGE', genericMessages.payloadTooLarge));
    }
    if (status === 415) {
      return reply.code(415).send(errorBody('UNSUPPORTED_MEDIA_TYPE', genericMessages.unsupportedMediaType));
    }
    if (status === 429) {
      return reply.code(429).send(errorBody('RATE_LIMITED', genericMessages.rateLimited));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, empty body…) carry safe, useful messages.
      return reply
        .code(status)
        .send(errorBody(status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', status === 404 ? genericMessages.notFound : err.message));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(errorBody('INTERNAL', genericMessages.internal));
  });
}
