import type { FastifyInstance } from 'fastify';
import { getHealth } from '../../../contracts/health.ts';
import { messages } from '../../../contracts/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../http/register-route.ts';

export function registerHealthRoutes(app: FastifyInstance, deps: { ping: () => Promise<void> }): void {
  // Checks that arrive while one is in flight share its answer: under load (or a swarm of
  // probes) the database sees one ping at a time, and each answer is still fresh.
  let inflight: Promise<void> | undefined;
  const ping = () => {
    inflight ??= deps.ping().finally(() => {
      inflight = undefined;
    });
    return inflight;
  };

  registerRoute(app, getHealth, {
    handler: async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      try {
        await ping();
      } catch (err) {
        req.log.error({ err }, 'health check: database did not answer');
        throw new AppError('SERVICE_UNAVAILABLE', messages.generic.unavailable);
      }
      return { status: 'ok' as const };
    },
  });
}
