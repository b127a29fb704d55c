import Fastify, { type FastifyInstance } from 'fastify';
import { genericMessages } from '#contracts/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { AppError } from '../lib/app-error.ts';
import type { HealthService } from '../modules/health/service.ts';
import { errorBody } from './error-handler.ts';

/**
 * What a worker process (ROLE=worker) serves on its PORT: liveness and readiness for orchestrators,
 * with the same answers as the API's (docs/operations.md#health-and-readiness), and nothing else.
 */
export function buildProbeServer(deps: { health: HealthService; logger: Logger }): FastifyInstance {
  const server = Fastify({ loggerInstance: deps.logger });
  // Orchestrators probe every few seconds: those requests are not worth a log line each.
  const quiet = { logLevel: 'warn' } as const;
  server.addHook('onSend', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  server.get('/api/health', quiet, async () => ({ status: 'ok' }));
  server.get('/api/ready', quiet, async (_req, reply) => {
    try {
      await deps.health.ready();
      return { status: 'ready', checks: { database: 'ok', storage: 'ok', queue: 'ok' } };
    } catch (err) {
      const message = err instanceof AppError ? err.message : genericMessages.unavailable;
      return reply.code(503).send(errorBody('SERVICE_UNAVAILABLE', message));
    }
  });
  server.setNotFoundHandler((_req, reply) => reply.code(404).send(errorBody('NOT_FOUND', genericMessages.notFound)));
  return server;
}
