import { defineJob } from '../../jobs/job-queue.ts';

/** Sends the "you're on the list" email; retried with backoff when the mail server fails. */
export const waitlistConfirmationJob = defineJob<{ entryId: string }>('waitlist-confirmation', {
  retryLimit: 5,
  retryDelay: 15,
  retryBackoff: true,
  expireInSeconds: 120,
});
