import type { EmailMessage } from '../../providers/email/email.ts';
import { defineJob } from '../../jobs/job-queue.ts';

/** Any transactional email: queued so a slow or failing mail server never fails the request. */
export const sendEmailJob = defineJob<EmailMessage>('send-email', {
  retryLimit: 6,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 120,
});
