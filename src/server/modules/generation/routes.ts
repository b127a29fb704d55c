import { createImageGeneration, followGeneration, getGeneration, getLatestGeneration } from '../../../contracts/generation.ts';
import { generationRateLimit } from '../../../contracts/limits.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { ANSWERED, type Router } from '../../http/router.ts';
import type { GenerationEvents } from './events.ts';
import type { GenerationService } from './service.ts';

export function registerGenerationRoutes(
  router: Router,
  deps: { generation: GenerationService; events: GenerationEvents; rateLimiter: RateLimiter; pollMs?: number },
): void {
  const { generation } = deps;

  router.add(createImageGeneration, {
    handler: async ({ user, body }) => {
      await deps.rateLimiter.hit(generationRateLimit, user.id);
      return generation.createImage(user.id, body);
    },
  });

  router.add(getLatestGeneration, {
    handler: async ({ user, query, reply }) => {
      reply.header('Cache-Control', 'no-store');
      return { job: await generation.latest(user.id, query.kind) };
    },
  });

  router.add(getGeneration, {
    handler: async ({ user, params, reply }) => {
      reply.header('Cache-Control', 'no-store');
      return generation.get(user.id, params.id);
    },
  });

  // Server-Sent Events: one `job` event per change until the job finishes. Changes made by this
  // instance arrive at once; a short poll covers workers on other instances.
  router.add(followGeneration, {
    compress: false,
    handler: async ({ req, reply, user, params }) => {
      let last = await generation.get(user.id, params.id);
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
        return ANSWERED;
      }
      let closed = false;
      let checking = false;
      const check = async () => {
        if (closed || checking) return;
        checking = true;
        try {
          const next = await generation.get(user.id, params.id);
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
      const unsubscribe = deps.events.subscribe(params.id, () => void check());
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
      return ANSWERED;
    },
  });
}
