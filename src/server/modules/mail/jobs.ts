import { z } from 'zod';
import { defineJob } from '../../jobs/job.ts';
import type { EmailMessage, EmailSender } from '../../providers/email/email.ts';

const EmailMessagePayload = z.object({
  to: z.email(),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string().optional(),
}) satisfies z.ZodType<EmailMessage>;

/**
 * Every email Klipt sends, whatever its template (mail/templates.ts): queued, usually inside the
 * transaction that caused it, so a slow or failing mail server never fails a request and a
 * rolled-back change sends nothing. Retried with backoff.
 */
export const sendEmailJob = defineJob({
  name: 'send-email',
  options: { retryLimit: 6, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
  payload: EmailMessagePayload,
  handler: async (message, { email }: { email: EmailSender }) => {
    await email.send(message);
  },
});
