import {
  createImageGeneration,
  createImageVariations,
  createVideoGeneration,
  followGeneration,
  getGeneration,
  getLatestGeneration,
  type GenerationJob,
} from '#contracts/generation.ts';
import { generationRateLimit, generationStreamsPerUser } from '#contracts/limits.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { ANSWERED, type Router } from '../../http/router.ts';
import type { GenerationService } from './service.ts';
import { createStreamLimit } from './stream-limit.ts';
import type { GenerationWatcher } from './watcher.ts';

export function registerGenerationRoutes(
  router: Router,
  deps: { generation: GenerationService; watcher: GenerationWatcher; rateLimiter: RateLimiter; streamsPerUser?: number },
): void {
  const { generation } = deps;

  router.add(createImageGeneration, {
    handler: async ({ user, body }) => {
      await deps.rateLimiter.hit(generationRateLimit, user.id);
      return generation.createImage(user, body);
    },
  });

  router.add(createImageVariations, {
    handler: async ({ user, body }) => {
      await deps.rateLimiter.hit(generationRateLimit, user.id);
      return generation.createVariations(user, body);
    },
  });

  router.add(createVideoGeneration, {
    handler: async ({ user, body }) => {
      await deps.rateLimiter.hit(generationRateLimit, user.id);
      return generation.createVideo(user, body);
    },
  });

  router.add(getLatestGeneration, {
    handler: async ({ user, query, reply }) => {
      reply.header('Cache-Control', 'no-store');
      return generation.latest(user.id, query.kind);
    },
  });

  router.add(getGeneration, {
    handler: async ({ user, params, reply }) => {
      reply.header('Cache-Control', 'no-store');
      return generation.get(user.id, params.id);
    },
  });

  // Server-Sent Events: one `job` event per change until the job finishes. The process's one
  // watcher reads a watched job as soon as any instance publishes a change (NOTIFY on PostgreSQL)
  // and polls only as a fallback; a user's streams beyond the limit close oldest first
  // (docs/operations.md#live-progress-streams).
  const streams = createStreamLimit(deps.streamsPerUser ?? generationStreamsPerUser);
  // Open streams would hold a draining server open: they end, and the web app follows the job by polling.
  router.server.addHook('preClose', async () => streams.closeAll());
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
      const send = (job: GenerationJob) => res.write(`event: job\ndata: ${JSON.stringify(job)}\n\n`);
      if (isFinished(last)) {
        send(last);
        res.end();
        return ANSWERED;
      }
      let closed = false;
      let unwatch: (() => void) | undefined;
      let release: (() => void) | undefined;
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
      const stop = () => {
        if (closed) return;
        closed = true;
        unwatch?.();
        release?.();
        clearInterval(keepAlive);
        res.end();
      };
      req.raw.on('close', stop);
      if (req.raw.destroyed) {
        stop(); // the browser left while the job was being read
        return ANSWERED;
      }
      release = streams.open(user.id, stop);
      send(last);
      unwatch = deps.watcher.watch(params.id, (next) => {
        if (closed || !isNewer(next, last)) return;
        last = next;
        send(next);
        if (isFinished(next)) stop();
      });
      return ANSWERED;
    },
  });
}

const isFinished = (job: GenerationJob) => job.status === 'succeeded' || job.status === 'failed';

/** Rows only move forward: a state older than the one sent (a read that raced a newer one) is skipped. */
function isNewer(next: GenerationJob, last: GenerationJob): boolean {
  if (next.updatedAt !== last.updatedAt) return next.updatedAt > last.updatedAt;
  return next.status !== last.status || next.progress !== last.progress;
}
