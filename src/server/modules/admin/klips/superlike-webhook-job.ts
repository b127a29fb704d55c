import { z } from 'zod';
import { defineJob } from '#server/jobs/job.ts';
import type { SuperlikeWebhook } from './webhook-delivery.ts';

/**
 * Sends a superliked klip to SUPERLIKE_WEBHOOK_URL: queued in the transaction that casts the
 * superlike, so a vote that rolls back sends nothing and a committed one is delivered even if the
 * process dies. Each attempt that fails is retried with exponential backoff: from the configured
 * first delay (SUPERLIKE_WEBHOOK_RETRY_DELAY_SECONDS, 30 s by default, sent with each job),
 * doubling (with jitter), at most an hour apart: 8 retries cover two to three hours of a receiver
 * being down.
 */
export const superlikeWebhookJob = defineJob({
  name: 'deliver-superlike-webhook',
  options: { retryLimit: 8, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 120 },
  payload: z.object({ klipId: z.uuid() }),
  handler: async ({ klipId }, { superlikeWebhook }: { superlikeWebhook: SuperlikeWebhook }, job) => superlikeWebhook.deliver(klipId, job),
});
