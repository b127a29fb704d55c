import { defineJob } from '../../jobs/job-queue.ts';

/** Renders the built-in galleries once, in the background after the first start. */
export const seedContentJob = defineJob<Record<string, never>>('seed-content', { retryLimit: 3, retryDelay: 30, expireInSeconds: 600 });
