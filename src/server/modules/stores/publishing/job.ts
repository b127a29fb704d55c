import { z } from 'zod';
import type { DbOrTx } from '#server/db/client.ts';
import { defineJob, defineTask, type JobContext } from '#server/jobs/job.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';

/** What the jobs call (publisher.ts implements it). */
export interface StorePublisher {
  /** One try of one publication; a publication already taken or finished is left alone. */
  attempt(publicationId: string, job: Pick<JobContext, 'signal'>): Promise<void>;
  /** Queues again the tries that were lost (a process that died mid-try, a job that expired). */
  recoverOverdue(): Promise<number>;
}

/**
 * One try of publishing a klip onto a store product. The publication's row holds its state (and its
 * lease), so pg-boss's own retries stay off: the publisher queues the next try itself when the store
 * could not be reached, and a job run twice finds the publication taken and does nothing.
 */
export const publishToStoreJob = defineJob({
  name: 'publish-to-store',
  options: { retryLimit: 0, expireInSeconds: 300 },
  payload: z.object({ publicationId: z.uuid() }),
  concurrency: () => 2,
  handler: async (payload, { storePublisher }: { storePublisher: StorePublisher }, job) =>
    storePublisher.attempt(payload.publicationId, job),
});

/** Every minute: no publication stays queued without a try on its way. */
export const recoverStorePublicationsTask = defineTask({
  name: 'recover-store-publications',
  atStart: true,
  everySeconds: 60,
  run: async ({ storePublisher }: { storePublisher: Pick<StorePublisher, 'recoverOverdue'> }) => storePublisher.recoverOverdue(),
});

/** Queues a try, in `tx` when given (it exists only if that transaction commits). */
export async function queuePublication(jobs: JobQueue, tx: DbOrTx | undefined, publicationId: string, afterSeconds = 0) {
  await jobs.send(
    publishToStoreJob,
    { publicationId },
    { ...(tx ? { tx } : {}), ...(afterSeconds > 0 ? { startAfterSeconds: afterSeconds } : {}) },
  );
}
