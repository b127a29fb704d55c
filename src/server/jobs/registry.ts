import type { Services } from '../services.ts';
import { waitlistConfirmationJob } from '../modules/waitlist/jobs.ts';
import type { JobDefinition, JobQueue } from './job-queue.ts';

/** Every queue the app uses; created at start so send() and work() can rely on them. */
export const allJobs: ReadonlyArray<JobDefinition<unknown>> = [waitlistConfirmationJob];

/** Attaches the handlers (ROLE=all or worker). */
export async function registerWorkers(jobs: JobQueue, services: Services): Promise<void> {
  await jobs.work(waitlistConfirmationJob, async ({ entryId }) => services.waitlist.sendConfirmation(entryId));
}
