import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ActivityRecorder } from '../activity/log.ts';
import type { GenerationEvents } from './events.ts';
import { createJobFinish, type OnJobFinishedIn } from './job-finish.ts';
import { createRecovery, type RecoveryResult } from './recovery.ts';
import type { ImageRunDeps } from './image-run.ts';
import { createRunners } from './runners.ts';
import { createGenerationService, type GenerationService, type GenerationServiceDeps } from './service.ts';
import { createJobWorker } from './worker.ts';

/** The paid-job engine: the HTTP use cases, the worker that runs each kind of job, and recovery. */
export interface GenerationEngine extends GenerationService {
  /** The worker: runs a queued job to success or to a refunded failure. Safe to call twice. */
  run(jobId: string): Promise<void>;
  /**
   * Sends again the accepted jobs no live worker holds; requeues running jobs whose worker died,
   * and fails and refunds those that keep dying (docs/operations.md#job-recovery).
   */
  recoverStale(): Promise<RecoveryResult>;
}

export interface GenerationDeps extends GenerationServiceDeps {
  jobs: JobQueue;
  events: GenerationEvents;
  logger: Logger;
  providerTimeoutMs: number;
  videoTimeoutMs: number;
  /** Logs each job's final state once, after it commits. */
  recordActivity: ActivityRecorder;
  /** In the transaction that writes an image job's success (a batch item's ads are queued there). */
  onImageSucceededIn?: ImageRunDeps['onImageSucceededIn'];
  /** In the transaction that records each job's end, success or refunded failure (webhook events are recorded there). */
  onJobFinishedIn?: OnJobFinishedIn;
  /** A running job without a heartbeat for this long is considered lost. */
  staleAfterSeconds?: number;
  maxAttempts?: number;
  heartbeatMs?: number;
}

export function createGenerationEngine(deps: GenerationDeps): GenerationEngine {
  const finish = createJobFinish(deps);
  return {
    ...createGenerationService(deps),
    run: createJobWorker({ ...deps, runners: createRunners(deps), finish, heartbeatMs: deps.heartbeatMs ?? 5_000 }),
    recoverStale: createRecovery({
      ...deps,
      finish,
      staleAfterSeconds: deps.staleAfterSeconds ?? 30,
      maxAttempts: deps.maxAttempts ?? 3,
    }),
  };
}
