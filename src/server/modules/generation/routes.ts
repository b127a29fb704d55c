import type { FastifyInstance } from 'fastify';
import { createImageGeneration, generationEventsPath, getGeneration, getLatestGeneration } from '../../../contracts/generation.ts';
import { generationRateLimit } from '../../../contracts/limits.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { registerRoute } from '../../http/register-route.ts';
import { AppError } from '../../lib/app-error.ts';
import { currentUser, type SessionGuard } from '../auth/session-guard.ts';
import type { GenerationEvents } from './events.ts';
import type { GenerationService } from './service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function registerGenerationRoutes(
  app: FastifyInstance,
  deps: { generation: GenerationService; events: GenerationEvents; guard: SessionGuard; rateLimiter: RateLimiter; pollMs?: number },
): void {
  const { generation, guard } = deps;

  registerRoute(app, createImageGeneration, {
    preHandler: guard.requireVerifiedUser,
    handler: async (req) => {
      const user = currentUser(req);
      await deps.rateLimiter.hit(generationRateLimit, user.id);
      return generation.createImage(user.id, req.body);
    },
  });

  registerRoute(app, getLatestGeneration, {
    preHandler: guard.requireVerifiedUser,
    handler: async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { job: await generation.latest(currentUser(req).id, req.query.kind) };
    },
  });

  registerRoute(app, getGeneration, {
    preHandler: guard.requireVerifiedUser,
    handler: async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return generation.get(currentUser(req).id, req.params.id);
    },
  });

  // Server-Sent Events: one `job` event per change until the job finishes. Changes made by this
  // instance arrive at once; a short poll covers workers on other instances.
  app.get<{ Params: { id: string } }>(
    generationEventsPath,
    { preHandler: guard.requireVerifiedUser, schema: { hide: true }, compress: false },
    async (req, reply) => {
      if (!UUID.test(req.params.id)) throw new AppError('NOT_FOUND', 'Generation not found');
      const userId = currentUser(req).id;
      let last = await generation.get(userId, req.params.id);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
        'x-request-id': req.id,
      });
      const send = (job: typeof last) => res.write(`event: job\ndata: ${JSON.stringify(job)}\n\n`);
      send(last);
      const finished = (job: typeof last) => job.status === 'succeeded' || job.status === 'failed';
      if (finished(last)) {
        res.end();
        return;
      }
      let closed = false;
      let checking = false;
      const check = async () => {
        if (closed || checking) return;
        checking = true;
        try {
          const next = await generation.get(userId, req.params.id);
          if (next.updatedAt !== last.updatedAt || next.status !== last.status || next.progress !== last.progress) {
            last = next;
            send(next);
          }
          if (finished(next)) stop();
        } catch (err) {
          req.log.warn({ err }, 'generation events: check failed');
        } finally {
          checking = false;
        }
      };
      const unsubscribe = deps.events.subscribe(req.params.id, () => void check());
      const poll = setInterval(() => void check(), deps.pollMs ?? 1_000);
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
      function stop() {
        if (closed) return;
        closed = true;
        unsubscribe();
        clearInterval(poll);
        clearInterval(keepAlive);
        res.end();
      }
      req.raw.on('close', stop);
    },
  );
}
