import type { GenerationKind } from '#contracts/job-kinds.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import { ProviderError } from '../../providers/ai/provider-error.ts';
import type { GenerationEvents } from './events.ts';
import type { JobFinish } from './job-finish.ts';
import { claimJob, heartbeat } from './repo.ts';
import type { FailureTexts, JobRunner } from './runner.ts';

export interface JobWorkerDeps {
  db: Db;
  events: GenerationEvents;
  logger: Logger;
  runners: Record<GenerationKind, JobRunner>;
  finish: JobFinish;
  heartbeatMs: number;
}

/** The worker: claims a queued job and runs it with its kind's runner to success or to a refunded failure. Safe to call twice. */
export function createJobWorker(deps: JobWorkerDeps): (jobId: string) => Promise<void> {
  const { db, events, logger } = deps;

  const startHeartbeat = (jobId: string, log: Logger) => {
    const beat = setInterval(() => {
      heartbeat(db, jobId).catch((err: unknown) => log.warn({ err }, 'heartbeat failed'));
    }, deps.heartbeatMs);
    beat.unref();
    return beat;
  };

  return async (jobId) => {
    const job = await claimJob(db, jobId);
    if (!job) return;
    events.publish(jobId);
    const log = logger.child({ generation: jobId });
    const runner = deps.runners[job.kind];
    const beat = startHeartbeat(jobId, log);
    try {
      await runner.run(job, { log, succeeded: deps.finish.succeeded });
    } catch (err) {
      if (err instanceof ProviderError && err.operator)
        log.error({ err, provider: err.provider }, 'provider account problem: operator action needed');
      else log.warn({ err }, `${job.kind} generation failed`);
      await deps.finish.failAndRefund(job, describeFailure(err, runner.failureTexts));
    } finally {
      clearInterval(beat);
    }
  };
}

function describeFailure(err: unknown, texts: FailureTexts): { code: string; message: string } {
  if (err instanceof ProviderError) {
    if (err.operator) return { code: 'PROVIDER_UNAVAILABLE', message: texts.unavailable };
    return { code: 'PROVIDER_FAILED', message: err.message || texts.failedFallback };
  }
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return { code: 'PROVIDER_TIMEOUT', message: texts.timedOut };
  }
  return { code: 'GENERATION_FAILED', message: texts.failedFallback };
}
