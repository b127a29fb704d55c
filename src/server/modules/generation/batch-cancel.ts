import type { DbOrTx } from '../../db/client.ts';
import { bookAllOnce } from '../credits/ledger.ts';
import { generationCreditReference } from './credit-reference.ts';
import { failUnstartedJobsOfBatch } from './repo.ts';

/**
 * In the caller's transaction: fails a batch's jobs no worker has claimed yet with `error` and
 * gives each one's reservation back. Returns the cancelled jobs (publish them after the commit).
 */
export async function cancelUnstartedJobsOfBatch(
  tx: DbOrTx,
  batchId: string,
  cancel: { error: { code: string; message: string }; refundDescription: string },
): Promise<Array<{ id: string; cost: number; userId: string; workspaceId: string }>> {
  const jobs = await failUnstartedJobsOfBatch(tx, batchId, cancel.error);
  // Each job leaves waiting/queued once (the UPDATE above), so each refund row is new; it goes
  // back to the workspace that paid, for the member who spent.
  await bookAllOnce(
    tx,
    jobs
      .filter((job) => job.cost > 0)
      .map((job) => ({
        workspaceId: job.workspaceId,
        userId: job.userId,
        amount: job.cost,
        type: 'refund' as const,
        reference: generationCreditReference(job.id),
        description: cancel.refundDescription,
      })),
  );
  return jobs;
}
