import type { DbOrTx } from '../../db/client.ts';
import { generationJobs } from '../../db/schema/index.ts';
import { bookAllOnce } from '../credits/ledger.ts';
import { generationCreditReference } from './credit-reference.ts';
import type { JobRow } from './repo.ts';

export type NewJob = typeof generationJobs.$inferInsert & { id: string; userId: string; cost: number };

/**
 * Inserts jobs with their usage rows (one per job, `generation:<id>`, so each is refunded alone),
 * two statements for any number. The caller holds the credit lock, has checked the balance covers
 * them all, and commits or rolls back the whole; rows come back in the order given.
 */
export async function insertPaidJobs(tx: DbOrTx, jobs: readonly NewJob[], description: string): Promise<JobRow[]> {
  await bookAllOnce(
    tx,
    jobs.map((job) => ({
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
