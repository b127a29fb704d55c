import type { EmailSender } from '../providers/email/email.ts';
import type { Services } from '../services.ts';
import { sendEmailJob } from '../modules/mail/jobs.ts';
import { generateImageJob } from '../modules/generation/jobs.ts';
import { seedContentJob } from '../modules/inspirations/jobs.ts';
import { seedImageInspirations } from '../modules/inspirations/seed.ts';
import type { Db } from '../db/client.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { waitlistConfirmationJob } from '../modules/waitlist/jobs.ts';
import type { JobDefinition, JobQueue } from './job-queue.ts';

/** Every queue the app uses; created at start so send() and work() can rely on them. */
export const allJobs: ReadonlyArray<JobDefinition<unknown>> = [waitlistConfirmationJob, sendEmailJob, generateImageJob, seedContentJob];

export interface WorkerDeps {
  email: EmailSender;
  db: Db;
  storage: Storage;
  generationConcurrency: number;
}

/** Attaches the handlers (ROLE=all or worker). */
export async function registerWorkers(jobs: JobQueue, services: Services, deps: WorkerDeps): Promise<void> {
  const { email } = deps;
  await jobs.work(waitlistConfirmationJob, async ({ entryId }) => services.waitlist.sendConfirmation(entryId));
  await jobs.work(sendEmailJob, async (message) => {
    await email.send(message);
  });
  await jobs.work(generateImageJob, async ({ jobId }) => services.generation.run(jobId), { concurrency: deps.generationConcurrency });
  await jobs.work(seedContentJob, async () => {
    await seedImageInspirations({ db: deps.db, storage: deps.storage, renderer: services.ai.localImages });
  });
}
