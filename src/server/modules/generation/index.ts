// The paid-job engine's one face (ADR 0020): other modules and the runtime import generation
// through this file only (`npm run lint` refuses any other path into the folder).

// The engine: HTTP use cases, the worker running each kind of job, recovery after a restart.
export { createGenerationEngine, type GenerationDeps, type GenerationEngine } from './engine.ts';
export type { GenerationService } from './service.ts';
export { registerGenerationRoutes } from './routes.ts';
export { generateImageJob, generateVideoJob, recoverGenerationsTask } from './jobs.ts';

// Reserving paid jobs, in a transaction that holds the credit lock, has admitted them and checked the balance.
export { insertPaidJobs, type NewJob } from './paid-jobs.ts';
// Each user's share of the queues: the unfinished cap, and the waiting jobs that start.
export { createJobDispatcher, type JobDispatcher } from './job-dispatch.ts';
// Ending jobs from outside a worker (a cancelled batch); a worker's claim (queued → running).
export { cancelUnstartedJobsOfBatch } from './batch-cancel.ts';
export { claimJob, type JobRow } from './repo.ts';
// How a job ended, as the engine's onJobFinishedIn hook (webhooks) hears it.
export type { JobOutcome, OnJobFinishedIn } from './job-finish.ts';

// Live progress: job change events and the process's one watcher.
export { createGenerationEvents, type GenerationEvents, type GenerationEventsOptions } from './events.ts';
export { createGenerationWatcher, type GenerationWatcher, type WatcherDeps } from './watcher.ts';
export { loadGenerationJob } from './serialize.ts';

// What a request may ask for: the model it names, and the input an image job stores.
export { resolveModel, type ResolvedModel } from './model-resolver.ts';
export { imageInputFor, refuseSettingsNotTaken } from './image-input.ts';
export type { GenerationInput } from './input.ts';
// A chosen brand kit as a job stores it ('Use brand kit').
export { brandInputFor, type BrandInput } from './brand-input.ts';
