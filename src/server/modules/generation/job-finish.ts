import { ledgerMessages } from '#contracts/credits.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ActivityRecorder } from '../activity/log.ts';
import { bookOnce } from '../credits/ledger.ts';
import { generationFailedEntry, generationSucceededEntry } from './activity.ts';
import { generationCreditReference } from './credit-reference.ts';
import type { GenerationEvents } from './events.ts';
import type { JobDispatcher } from './job-dispatch.ts';
import { markFailed, type JobRow } from './repo.ts';

/** How a job ended, as the onJobFinishedIn hook hears it. */
export type JobOutcome = { status: 'succeeded' } | { status: 'failed'; error: { code: string; message: string }; refundedCredits: number };

/**
 * Runs in the transaction that records a job's end (success or failure with its refund), once per
 * job (the runtime hands the webhooks module's emitter). It must not throw.
 */
export type OnJobFinishedIn = (tx: DbOrTx, row: JobRow, outcome: JobOutcome) => Promise<void>;

export interface JobFinishDeps {
  db: Db;
  onJobFinishedIn?: OnJobFinishedIn | undefined;
  events: GenerationEvents;
  logger: Logger;
  dispatcher: JobDispatcher;
  /** Logs each job's final state once, after it commits. */
  recordActivity: ActivityRecorder;
}

/** What follows a job's end, whichever runner ran it (or recovery gave it up). */
export interface JobFinish {
  /** After a runner committed its success: the user's next waiting job starts and the activity row is written. */
  succeeded: (row: JobRow) => Promise<void>;
  /** Marks the job failed and gives the reservation back, in one transaction, exactly once. */
  failAndRefund(job: JobRow, error: { code: string; message: string }): Promise<JobRow | undefined>;
}

export function createJobFinish(deps: JobFinishDeps): JobFinish {
  const { db, events, logger } = deps;

  /** A finished job frees one of its user's places in the queue: their next waiting one starts. */
  const nextJobs = async (row: JobRow) => {
    try {
      await deps.dispatcher.startWaiting(row.userId);
    } catch (err) {
      // Recovery's sweep starts them within seconds.
      logger.warn({ err, userId: row.userId }, 'could not start waiting jobs');
    }
  };

  return {
    succeeded: async (row) => {
      await Promise.all([nextJobs(row), deps.recordActivity(generationSucceededEntry(row))]);
    },

    async failAndRefund(job, error) {
      const failed = await db.transaction(async (tx) => {
        const row = await markFailed(tx, job.id, error);
        if (!row) return undefined;
        const refunded =
          row.cost > 0 &&
          (await bookOnce(tx, {
            // Back to the workspace that paid, for the member who spent.
            workspaceId: row.workspaceId,
            userId: row.userId,
            amount: row.cost,
            type: 'refund',
            reference: generationCreditReference(row.id),
            description: ledgerMessages.generationRefund,
          }));
        const refundedCredits = refunded ? row.cost : 0;
        await deps.onJobFinishedIn?.(tx, row, { status: 'failed', error, refundedCredits });
        return { row, refundedCredits };
      });
      if (!failed) return undefined;
      events.publish(job.id);
      await deps.recordActivity(generationFailedEntry(failed.row, failed.refundedCredits));
      await nextJobs(failed.row);
      return failed.row;
    },
  };
}
