import { defineJob } from '../../jobs/job-queue.ts';

/**
 * Runs one generation. Provider retries happen inside the handler; pg-boss retries only cover a
 * handler that could not even record its outcome (e.g. the database was briefly unreachable).
 */
export const generateImageJob = defineJob<{ jobId: string }>('generate-image', {
  retryLimit: 2,
  retryDelay: 5,
  expireInSeconds: 15 * 60,
});
