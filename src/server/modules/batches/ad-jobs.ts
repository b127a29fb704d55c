import { z } from 'zod';
import { defineJob } from '#server/jobs/job.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { adSizesOfItem } from './repo.ts';
import type { BatchService } from './service.ts';

/**
 * Makes the ads of one batch item's klip (a batch started with a look that has ad sizes). Queued in
 * the transaction that saves the item's klip, so a committed klip always gets its job; making them
 * twice saves one set (the item records it once). A failure never touches the item or its klip.
 */
export const makeBatchAdsJob = defineJob({
  name: 'make-batch-ads',
  options: { retryLimit: 2, retryDelay: 20, retryBackoff: true, expireInSeconds: 600 },
  payload: z.object({ batchItemId: z.uuid(), klipId: z.uuid() }),
  handler: async ({ batchItemId, klipId }, { batches }: { batches: Pick<BatchService, 'makeItemAds'> }) =>
    batches.makeItemAds(batchItemId, klipId),
});

/**
 * The generation engine's hook after an image job's success is written (same transaction): a batch
 * item whose batch makes ads gets its make-batch-ads job.
 */
export async function queueBatchItemAds(
  tx: DbOrTx,
  jobs: Pick<JobQueue, 'send'>,
  row: { batchItemId: string | null; klipId: string | null },
): Promise<void> {
  if (!row.batchItemId || !row.klipId) return;
  if ((await adSizesOfItem(tx, row.batchItemId)).length === 0) return;
  await jobs.send(makeBatchAdsJob, { batchItemId: row.batchItemId, klipId: row.klipId }, { tx });
}
