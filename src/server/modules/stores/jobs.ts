import { z } from 'zod';
import { defineJob, defineTask } from '../../jobs/job.ts';

interface ImportWorker {
  run(connectionId: string): Promise<void>;
  recoverStalled(): Promise<number>;
}

interface ShopifyWebhookWorker {
  process(webhookId: string): Promise<void>;
}

/**
 * Imports a store's catalogue (what changed since the last import). One import per connection at
 * a time across all workers (`singleton` per connection); the handler records a failure on the
 * connection itself, so pg-boss's retries are for a worker that died.
 */
export const importStoreCatalogueJob = defineJob({
  name: 'import-store-catalogue',
  policy: 'singleton',
  options: { retryLimit: 2, retryDelay: 30, expireInSeconds: 3600 },
  payload: z.object({ connectionId: z.uuid() }),
  handler: async ({ connectionId }, { storeImports }: { storeImports: ImportWorker }) => storeImports.run(connectionId),
});

/** Acts on one stored Shopify webhook, once; one at a time per shop, in the order they came. */
export const processShopifyWebhookJob = defineJob({
  name: 'process-shopify-webhook',
  policy: 'singleton',
  options: { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 },
  payload: z.object({ webhookId: z.string().min(1).max(255) }),
  handler: async ({ webhookId }, { storeWebhooks }: { storeWebhooks: ShopifyWebhookWorker }) => storeWebhooks.process(webhookId),
});

/** At start and every minute: an import left 'running' by a worker that died goes on. */
export const recoverStoreImportsTask = defineTask({
  name: 'recover-store-imports',
  atStart: true,
  everySeconds: 60,
  run: async ({ storeImports }: { storeImports: Pick<ImportWorker, 'recoverStalled'> }) => storeImports.recoverStalled(),
});
