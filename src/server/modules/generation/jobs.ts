import { z } from 'zod';
import type { GenerationKind } from '#contracts/job-kinds.ts';
import { defineJob, defineTask } from '../../jobs/job.ts';

interface GenerationWorker {
  run(jobId: string): Promise<void>;
  recoverStale(): Promise<unknown>;
}

/**
 * Runs one generation. Provider retries happen inside the handler; pg-boss retries only cover a
 * handler that could not even record its outcome (e.g. the database was briefly unreachable).
 * The worker holding an entry refreshes its heartbeat every 5 s; an entry without one for 10 s
 * belongs to a dead worker and recovery sends the job again (docs/operations.md#job-recovery).
 */
export const generateImageJob = defineJob({
  name: 'generate-image',
  options: { retryLimit: 2, retryDelay: 5, expireInSeconds: 15 * 60, heartbeatSeconds: 10 },
  payload: z.object({ jobId: z.uuid() }),
  concurrency: (config) => config.generationConcurrency,
  handler: async ({ jobId }, { generation }: { generation: GenerationWorker }) => generation.run(jobId),
});

/**
 * Runs one video generation: its own queue, so long video renders never hold the image workers
 * (VIDEO_GENERATION_CONCURRENCY per worker, default 1: a local render uses the CPU). Same
 * heartbeat and recovery as images.
 */
export const generateVideoJob = defineJob({
  name: 'generate-video',
  options: { retryLimit: 2, retryDelay: 5, expireInSeconds: 30 * 60, heartbeatSeconds: 10 },
  payload: z.object({ jobId: z.uuid() }),
  concurrency: (config) => config.videoGenerationConcurrency,
  handler: async ({ jobId }, { generation }: { generation: GenerationWorker }) => generation.run(jobId),
});

/** The queue that runs a job of each kind (a new kind of paid job defines its job above and adds it here). */
export const queueOfKind = { image: generateImageJob, video: generateVideoJob } as const satisfies Record<GenerationKind, unknown>;

/**
 * Jobs interrupted by a crash or a restart are sent again, resumed, or failed and refunded: at
 * start, then every 5 s (docs/operations.md#job-recovery).
 */
export const recoverGenerationsTask = defineTask({
  name: 'recover-generations',
  atStart: true,
  everySeconds: 5,
  run: ({ generation }: { generation: GenerationWorker }) => generation.recoverStale(),
});
