import { cancelBatch, createBatch, downloadBatch, getBatch, listBatchItems, listBatches, retryBatch } from '#contracts/batches.ts';
import { generationRateLimit } from '#contracts/limits.ts';
import { downloadHeaders } from '../../http/content-disposition.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { ANSWERED, type Router } from '../../http/router.ts';
import type { BatchService } from './service.ts';

/** Batches: each is its owner's alone (the service answers "not found" to anyone else). */
export function registerBatchRoutes(router: Router, deps: { batches: BatchService; rateLimiter: RateLimiter }): void {
  const { batches } = deps;
  router.add(createBatch, {
    handler: async ({ user, body }) => {
      await deps.rateLimiter.hit(generationRateLimit, user.id);
      return batches.create(user, body);
    },
  });
  router.add(listBatches, { handler: async ({ user, query, reply }) => noStore(reply, await batches.list(user, query.cursor)) });
  router.add(getBatch, { handler: async ({ user, params, reply }) => noStore(reply, await batches.get(user, params.id)) });
  router.add(listBatchItems, {
    handler: async ({ user, params, query, reply }) => noStore(reply, await batches.items(user, params.id, query.cursor)),
  });
  router.add(cancelBatch, { handler: async ({ user, params }) => batches.cancel(user, params.id) });
  router.add(retryBatch, {
    handler: async ({ user, params }) => {
      await deps.rateLimiter.hit(generationRateLimit, user.id);
      return batches.retry(user, params.id);
    },
  });
  router.add(downloadBatch, {
    compress: false,
    handler: async ({ user, params, query, reply }) => {
      const zip = await batches.download(user, params.id, query.preset);
      reply.headers(downloadHeaders('application/zip', zip.fileName));
      await reply.send(zip.stream);
      return ANSWERED;
    },
  });
}

function noStore<T>(reply: { header(name: string, value: string): unknown }, body: T): T {
  reply.header('Cache-Control', 'no-store');
  return body;
}
