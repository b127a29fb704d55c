import type { FastifyInstance } from 'fastify';
import { getHealth } from '../../../contracts/health.ts';
import { messages } from '../../../contracts/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../http/register-route.ts';

export function registerHealthRoutes(app: FastifyInstance, deps: { ping: () => Promise<void> }): void {
  registerRoute(app, getHealth, {
    handler: async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      try {
        await deps.ping();
      } catch (err) {
        req.log.error({ err }, 'health check: database did not answer');
        throw new AppError('SERVICE_UNAVAILABLE', messages.generic.unavailable);
      }
      return { status: 'ok' as const };
    },
  });
}
