import { z } from 'zod';
import { defineJob, defineTask } from '../../jobs/job.ts';

interface Seeder {
  seedBuiltIn(): Promise<number>;
  queueSeedIfStale(): Promise<void>;
}

/** Renders the built-in galleries in the background: after the first start, and again after a renderer version change. */
export const seedContentJob = defineJob({
  name: 'seed-content',
  options: { retryLimit: 3, retryDelay: 30, expireInSeconds: 600 },
  payload: z.object({}),
  handler: async (_payload, { inspirations }: { inspirations: Seeder }) => {
    await inspirations.seedBuiltIn();
  },
});

/** A worker that starts on an empty or outdated gallery queues its seeding (never delaying the start itself). */
export const seedContentAtStartTask = defineTask({
  name: 'seed-content-at-start',
  atStart: true,
  run: ({ inspirations }: { inspirations: Seeder }) => inspirations.queueSeedIfStale(),
});
