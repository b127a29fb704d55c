import { generationMessages } from '#contracts/generation.ts';
import { generationKinds, type GenerationKind } from '#contracts/job-kinds.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Logger } from '../../lib/logger.ts';
import type { GenerationEvents } from './events.ts';
import type { JobDispatcher } from './job-dispatch.ts';
import type { JobFinish } from './job-finish.ts';
import { queueOfKind } from './jobs.ts';
import { countInFlight, findQueuedJobs, findStaleRunningJobs, lockQueuedJob, requeueJob, type JobRow } from './repo.ts';

export interface RecoveryDeps {
  db: Db;
  jobs: JobQueue;
  events: GenerationEvents;
  logger: Logger;
  dispatcher: JobDispatcher;
  finish: JobFinish;
  /** A running job without a heartbeat for this long is considered lost. */
  staleAfterSeconds: number;
  maxAttempts: number;
}

export interface RecoveryResult {
  resent: number;
  requeued: number;
  failed: number;
  started: number;
}

/**
 * Jobs interrupted by a crash or a restart: sends again the accepted jobs no live worker holds;
 * requeues running jobs whose worker died, and fails and refunds those that keep dying
 * (docs/operations.md#job-recovery); then starts every user's waiting jobs that fit.
 */
export function createRecovery(deps: RecoveryDeps): () => Promise<RecoveryResult> {
  const { db, events, logger } = deps;

  /**
   * Accepted jobs that no live worker will start: their queue entry is missing, finished, or held
   * by a worker that died between taking it and claiming the job (docs/operations.md#job-recovery).
   * Each is sent again once, under the job row's lock; a live worker's entry is never touched, and
   * a duplicate delivery is harmless because only one claim (queued → running) succeeds.
   */
  async function resendUnstarted(): Promise<number> {
    const queued = await findQueuedJobs(db, 500);
    let resent = 0;
    for (const kind of generationKinds) {
      const jobs = queued.filter((job) => job.kind === kind);
      if (jobs.length > 0) resent += await resendUnstartedOf(kind, jobs);
    }
    return resent;
  }

  async function resendUnstartedOf(kind: GenerationKind, queued: Array<Pick<JobRow, 'id' | 'kind' | 'userId'>>): Promise<number> {
    const queue = queueOfKind[kind];
    const alive = new Set(
      (
        await deps.jobs.unfinished(
          queue,
          'jobId',
          queued.map((job) => job.id),
        )
      )
        .filter((entry) => entry.alive)
        .map((entry) => entry.value),
    );
    let resent = 0;
    for (const job of queued.filter(({ id }) => !alive.has(id))) {
      const jobId = job.id;
      const sent = await db.transaction(async (tx) => {
        if (!(await lockQueuedJob(tx, jobId))) return false;
        // Read again under the lock: another recovery may have sent it a moment ago.
        const entries = await deps.jobs.unfinished(queue, 'jobId', [jobId], { tx });
        if (entries.some((entry) => entry.alive)) return false;
        await deps.jobs.cancel(
          queue,
          entries.map((entry) => entry.id),
          { tx },
        );
        await deps.jobs.send(queue, { jobId }, { tx, priority: await placeInLine(tx, job) });
        return true;
      });
      if (sent) resent++;
    }
    return resent;
  }

  return async () => {
    const resent = await resendUnstarted();
    let requeued = 0;
    let failed = 0;
    for (const job of await findStaleRunningJobs(db, deps.staleAfterSeconds)) {
      if (job.attempts >= deps.maxAttempts) {
        if (await deps.finish.failAndRefund(job, { code: 'GENERATION_LOST', message: generationMessages.lost })) failed++;
        continue;
      }
      const back = await db.transaction(async (tx) => {
        if (!(await requeueJob(tx, job))) return false;
        await deps.jobs.send(queueOfKind[job.kind], { jobId: job.id }, { tx, priority: await placeInLine(tx, job) });
        return true;
      });
      if (back) {
        requeued++;
        events.publish(job.id);
      }
    }
    const started = await deps.dispatcher.startAllWaiting();
    if (resent + requeued + failed > 0) logger.warn({ resent, requeued, failed }, 'recovered interrupted generations');
    return { resent, requeued, failed, started };
  };
}

/** A job sent again keeps the fair order: behind the user's other jobs of its kind in the queue (ADR 0018). */
async function placeInLine(tx: DbOrTx, job: Pick<JobRow, 'id' | 'kind' | 'userId'>): Promise<number> {
  return -(await countInFlight(tx, job.userId, job.kind, job.id));
}
