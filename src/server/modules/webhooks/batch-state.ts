import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { CANCELLED_CODE, lockBatch } from '../batches/repo.ts';

export interface BatchCounts {
  succeeded: number;
  failed: number;
  cancelled: number;
}

/** The batch a generation job makes an item of, or null. */
export async function batchOfItem(db: DbOrTx, batchItemId: string | null): Promise<string | null> {
  if (!batchItemId) return null;
  const [row] = await queryRows<{ batchId: string }>(db, sql`select batch_id as "batchId" from batch_items where id = ${batchItemId}`);
  return row?.batchId ?? null;
}

/**
 * Whether every item of the batch has ended, and how. Locks the batch row first: two items ending
 * at once in two transactions are judged one after the other, so the second sees the first's end
 * and exactly one of them finds the batch finished.
 */
export async function finishedBatchCounts(tx: DbOrTx, batchId: string): Promise<BatchCounts | null> {
  if (!(await lockBatch(tx, batchId))) return null;
  const [row] = await queryRows<BatchCounts & { unfinished: number }>(
    tx,
    sql`select
          count(*) filter (where j.status = 'succeeded')::int as succeeded,
          count(*) filter (where j.status = 'failed' and j.error_code is distinct from ${CANCELLED_CODE})::int as failed,
          count(*) filter (where j.status = 'failed' and j.error_code = ${CANCELLED_CODE})::int as cancelled,
          count(*) filter (where j.status in ('waiting', 'queued', 'running'))::int as unfinished
        from batch_items i left join generation_jobs j on j.id = i.job_id
        where i.batch_id = ${batchId}`,
  );
  if (!row || row.unfinished > 0) return null;
  return { succeeded: row.succeeded, failed: row.failed, cancelled: row.cancelled };
}
