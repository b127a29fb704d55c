import type { QueueOptions, QueuePolicy } from 'pg-boss';
import type { z } from 'zod';
import type { Config } from '../config.ts';

export interface JobContext {
  id: string;
  retryCount: number;
  signal: AbortSignal;
}

/**
 * A background job, defined once next to its module: the queue's name and retry policy, the
 * payload's schema (checked when it is sent and again when it is run) and the handler, which
 * receives the services it needs. The runtime lists the jobs and hands every handler the same
 * services, so a job never builds its own dependencies.
 */
export interface JobDefinition<TPayload, TNeeds = unknown> {
  readonly name: string;
  readonly options: QueueOptions;
  /** pg-boss's queue policy, fixed when the queue is created (e.g. `singleton`: one active job per singleton key). */
  readonly policy?: QueuePolicy;
  readonly payload: z.ZodType<TPayload>;
  /** How many of these one worker process runs at the same time (default 1). */
  readonly concurrency?: (config: Config) => number;
  readonly handler: (payload: TPayload, needs: TNeeds, job: JobContext) => Promise<void>;
}

export function defineJob<TPayload, TNeeds>(definition: JobDefinition<TPayload, TNeeds>): JobDefinition<TPayload, TNeeds> {
  return definition;
}

/** Work a worker process does on its own schedule (recovery, housekeeping), at start and/or every few seconds. */
export interface WorkerTask<TNeeds = unknown> {
  readonly name: string;
  readonly atStart?: boolean;
  readonly everySeconds?: number;
  readonly run: (needs: TNeeds) => Promise<unknown>;
}

export function defineTask<TNeeds>(task: WorkerTask<TNeeds>): WorkerTask<TNeeds> {
  return task;
}
