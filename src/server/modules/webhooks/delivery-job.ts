import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { defineJob, defineTask, type JobContext } from '../../jobs/job.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';

export interface WebhookAttemptPayload {
  deliveryId: string;
  /** Which try this is (1: the first); a delivery past it already (a job run twice) is left alone. */
  attempt: number;
}

/** What the job calls (webhooks/delivery.ts implements it). */
export interface WebhookDeliverer {
  attempt(payload: WebhookAttemptPayload, job: Pick<JobContext, 'signal'>): Promise<void>;
  /** Queues again the tries that were lost (a process that died mid-try, a job that expired). */
  recoverOverdue(): Promise<number>;
}

/**
 * One try of one webhook delivery. Sent in the transaction that records the event (or the failed
 * try before it, with startAfter = the next delay of webhookRetryDelaysSeconds), so the schedule
 * lives in the delivery's rows and pg-boss's own retries stay off: a job run twice finds its
 * attempt already taken and does nothing.
 */
export const deliverWebhookJob = defineJob({
  name: 'deliver-webhook',
  options: { retryLimit: 0, expireInSeconds: 120 },
  payload: z.object({ deliveryId: z.uuid(), attempt: z.number().int().min(1) }),
  concurrency: () => 4,
  handler: async (payload, { webhookDeliveries }: { webhookDeliveries: WebhookDeliverer }, job) => webhookDeliveries.attempt(payload, job),
});

/** Every minute: no delivery stays pending without a try on its way. */
export const recoverWebhookDeliveriesTask = defineTask({
  name: 'recover-webhook-deliveries',
  everySeconds: 60,
  run: async ({ webhookDeliveries }: { webhookDeliveries: Pick<WebhookDeliverer, 'recoverOverdue'> }) => {
    await webhookDeliveries.recoverOverdue();
  },
});

/** Queues a try, in `tx` when given (it exists only if that transaction commits). */
export async function queueAttempt(jobs: JobQueue, tx: DbOrTx | undefined, payload: WebhookAttemptPayload, afterSeconds = 0) {
  await jobs.send(deliverWebhookJob, payload, { ...(tx ? { tx } : {}), ...(afterSeconds > 0 ? { startAfterSeconds: afterSeconds } : {}) });
}
