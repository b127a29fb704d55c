import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '#contracts/errors.ts';
import { errorStatus, genericMessages } from '#contracts/errors.ts';
import type { PlanId } from '#contracts/plans.ts';
import { isAppError } from '../lib/app-error.ts';

export function errorBody(code: ErrorCode, message: string, plan?: PlanId): ErrorBody {
  return { error: { code, message, ...(plan ? { plan } : {}) } };
}

interface ZodIssueLike {
  message?: string;
  instancePath?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** The first validation problem as one readable sentence: "email: Please enter a valid email address". */
function validationMessage(issues: ZodIssueLike[]): string {
  const first = issues[0];
  if (!first) return genericMessages.badRequest;
  const message = first.params?.issue?.message ?? first.message ?? 'Invalid value';
  const path = (first.params?.issue?.path ?? []).map(String).join('.') || first.instancePath?.replace(/^\//, '').replace(/\//g, '.');
  // Messages written for users already name their field.
  return path && !/^[A-Z]/.test(message) ? `${path}: ${message}` : message;
}

/**
 * Fastify's own client errors, by code: answered with a fixed sentence, never with Fastify's
 * message (it quotes the address or the body back).
 */
const fastifyClientErrors: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_BAD_URL: { code: 'BAD_REQUEST', message: genericMessages.badUrl },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'URI_TOO_LONG', message: genericMessages.uriTooLong },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', message: genericMessages.invalidJson },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: genericMessages.invalidJson },
};

/** The one error handler: every failure, from a service or from Fastify itself, answers { error: { code, message } }. */
export function handleError(err: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (isAppError(err)) {
    if (err.status >= 500) req.log.error({ err }, 'request failed');
    const retryAfter = err.details?.['retryAfter'];
    if (typeof retryAfter === 'number') reply.header('Retry-After', String(retryAfter));
    return reply.code(err.status).send(errorBody(err.code, err.message, err.details?.['plan'] as PlanId | undefined));
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    return reply.code(400).send(errorBody('VALIDATION_FAILED', validationMessage(err.validation)));
  }
  if (isResponseSerializationError(err)) {
    req.log.error({ err, issues: err.cause.issues }, 'response did not match its contract');
    return reply.code(500).send(errorBody('INTERNAL', genericMessages.internal));
  }
  const known = fastifyClientErrors[err.code];
  if (known) return reply.code(errorStatus[known.code]).send(errorBody(known.code, known.message));
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
  if (status === 404) {
    return reply.code(404).send(errorBody('NOT_FOUND', genericMessages.notFound));
  }
  if (status >= 400 && status < 500) {
    // Any other client error of Fastify or a plugin (a JSON body with a forbidden __proto__, a bad
    // Content-Length…): the status follows the code, and the message quotes nothing of the request.
    return reply
      .code(400)
      .send(errorBody('BAD_REQUEST', err instanceof SyntaxError ? genericMessages.invalidJson : genericMessages.badRequest));
  }
  req.log.error({ err }, 'unhandled error');
  return reply.code(500).send(errorBody('INTERNAL', genericMessages.internal));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}
