import type { Logger } from '../../lib/logger.ts';
import type { JobRow } from './repo.ts';

/** What a failed job of a kind shows (the contract's messages of that kind). */
export interface FailureTexts {
  unavailable: string;
  timedOut: string;
  failedFallback: string;
}

export interface RunContext {
  /** The job's logger (`generation: <id>`). */
  log: Logger;
  /** Call once the success has committed (the row markSucceeded returned): starts the next waiting job, writes the activity row. */
  succeeded: (row: JobRow) => Promise<void>;
}

/**
 * Runs one kind of paid job. The worker has claimed the job (queued → running), beats its
 * heartbeat and, when `run` throws, fails and refunds it with `failureTexts`. A runner writes its
 * progress, stores its output, commits the klip with markSucceeded and calls `succeeded`; a
 * duplicate run (markSucceeded returns nothing) does neither of the last two.
 */
export interface JobRunner {
  run(job: JobRow, ctx: RunContext): Promise<void>;
  failureTexts: FailureTexts;
}
