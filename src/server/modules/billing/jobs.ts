import { z } from 'zod';
import { defineJob } from '../../jobs/job.ts';

interface BillingEventWorker {
  process(eventId: string): Promise<void>;
}

/**
 * Processes one stored billing event (a Stripe webhook or a sandbox action): re-reads the
 * subscription and grants a paid invoice's credits once. One event of a subscription at a time
 * across all workers (`singleton` per subscription), so snapshots are written in the order they
 * were read. Retried with backoff while the provider cannot be reached.
 */
export const processBillingEventJob = defineJob({
  name: 'process-billing-event',
  policy: 'singleton',
  options: { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  payload: z.object({ eventId: z.string().min(1).max(255) }),
  handler: async ({ eventId }, { billing }: { billing: BillingEventWorker }) => billing.process(eventId),
});
