import type { JobContext } from '#server/jobs/job.ts';

// In a file of its own so that superlike-webhook.ts (which implements it) and the job (which calls it) do not import each other.
export interface SuperlikeWebhook {
  /** One attempt at delivering a queued superlike; throws when it failed, so that the queue retries it. */
  deliver(klipId: string, job: Pick<JobContext, 'id' | 'retryCount' | 'signal'>): Promise<void>;
}
