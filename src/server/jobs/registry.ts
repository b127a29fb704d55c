import type { EmailSender } from '../providers/email/email.ts';
import type { Services } from '../services.ts';
import { sendEmailJob } from '../modules/mail/jobs.ts';
import { waitlistConfirmationJob } from '../modules/waitlist/jobs.ts';
import type { JobDefinition, JobQueue } from './job-queue.ts';

/** Every queue the app uses; created at start so send() and work() can rely on them. */
export const allJobs: ReadonlyArray<JobDefinition<unknown>> = [waitlistConfirmationJob, sendEmailJob];

/** Attaches the handlers (ROLE=all or worker). */
export async function registerWorkers(jobs: JobQueue, services: Services, email: EmailSender): Promise<void> {
  await jobs.work(waitlistConfirmationJob, async ({ entryId }) => services.waitlist.sendConfirmation(entryId));
  await jobs.work(sendEmailJob, async (message) => {
    await email.send(message);
  });
}
