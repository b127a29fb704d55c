import type { DbOrTx } from '../../db/client.ts';
import { generationJobs } from '../../db/schema/index.ts';
import { bookAllOnce } from '../credits/ledger.ts';
import { generationCreditReference } from './credit-reference.ts';
import type { JobDispatcher } from './job-dispatch.ts';
import type { JobRow } from './repo.ts';

/** `workspaceId` pays (and owns the klip); `userId` is the member who asked. */
export type NewJob = typeof generationJobs.$inferInsert & { id: string; userId: string; workspaceId: string; cost: number };

/**
 * Inserts jobs with their usage rows (one per job, `generation:<id>`, so each is refunded alone),
 * two statements for any number. The caller holds the credit lock of the jobs' workspace, has checked its balance covers
 * them all, and commits or rolls back the whole; rows come back in the order given.
 */
export async function insertPaidJobs(tx: DbOrTx, jobs: readonly NewJob[], description: string): Promise<JobRow[]> {
  await bookAllOnce(
    tx,
    jobs.map((job) => ({
      workspaceId: job.workspaceId,
      userId: job.userId,
      amount: -job.cost,
      type: 'usage' as const,
      reference: generationCreditReference(job.id),
      description,
    })),
  );
  const rows = new Map(
    (
      await tx
        .insert(generationJobs)
        .values([...jobs])
        .returning()
    ).map((row) => [row.id, row]),
  );
  return jobs.map((job) => rows.get(job.id)!);
}

/**
 * Stores jobs the caller has admitted and paid for in its transaction (credit lock, cap, balance):
 * inserts them `waiting` with their usage rows and queues those that fit the user's share at once
 * (ADR 0018). Rows come back in the order given, with the status they committed with.
 */
export async function acceptPaidJobs(
  tx: DbOrTx,
  dispatcher: JobDispatcher,
  userId: string,
  jobs: readonly NewJob[],
  description: string,
): Promise<JobRow[]> {
  const rows = await insertPaidJobs(tx, jobs, description);
  const started = await dispatcher.startWaitingIn(tx, userId);
  return rows.map((row) => (started.has(row.id) ? { ...row, status: 'queued' as const } : row));
}
