import { and, desc, eq, sql } from 'drizzle-orm';
import { BATCH_ITEMS_PAGE_SIZE, BATCH_PAGE_SIZE, type BatchCounts } from '#contracts/batches.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { batches, batchItems, generationJobs, klips } from '../../db/schema/index.ts';
import { keysetTimestamp } from '../../db/sql-text.ts';
import { cutPage, decodeCursor } from '../../lib/keyset-cursor.ts';
import type { JobRow } from '../generation/index.ts';

export type BatchRow = typeof batches.$inferSelect;

/** How a cancelled item's job ends: failed, refunded, with this code. */
export const CANCELLED_CODE = 'CANCELLED';

export async function insertBatch(tx: DbOrTx, values: typeof batches.$inferInsert): Promise<BatchRow> {
  const [row] = await tx.insert(batches).values(values).returning();
  return row!;
}

export async function insertBatchItems(tx: DbOrTx, values: Array<typeof batchItems.$inferInsert>): Promise<void> {
  await tx.insert(batchItems).values(values);
}

export async function findBatch(db: DbOrTx, id: string): Promise<BatchRow | undefined> {
  const [row] = await db.select().from(batches).where(eq(batches.id, id)).limit(1);
  return row;
}

/** The batch row, locked until the transaction ends (cancel and retry of one batch take turns). */
export async function lockBatch(tx: DbOrTx, id: string): Promise<BatchRow | undefined> {
  const [row] = await tx.select().from(batches).where(eq(batches.id, id)).for('update');
  return row;
}

export async function markBatchCancelled(tx: DbOrTx, id: string): Promise<void> {
  await tx
    .update(batches)
    .set({ cancelledAt: sql`coalesce(${batches.cancelledAt}, now())`, updatedAt: sql`now()` })
    .where(eq(batches.id, id));
}

export async function touchBatch(tx: DbOrTx, id: string): Promise<void> {
  await tx
    .update(batches)
    .set({ updatedAt: sql`now()` })
    .where(eq(batches.id, id));
}

/** One page of a workspace's batches, newest first, keyset on (created_at, id) over batches_workspace_created_idx. */
export async function batchPage(db: DbOrTx, workspaceId: string, cursor: string | undefined) {
  const after = cursor ? decodeCursor(cursor, 'batches') : null;
  const rows = await db
    .select({ batch: batches, createdAtKey: keysetTimestamp(sql`${batches.createdAt}`).mapWith(String) })
    .from(batches)
    .where(
      and(
        eq(batches.workspaceId, workspaceId),
        after ? sql`(${batches.createdAt}, ${batches.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(batches.createdAt), desc(batches.id))
    .limit(BATCH_PAGE_SIZE + 1);
  const { page, nextCursor } = cutPage(rows, BATCH_PAGE_SIZE, 'batches', (last) => [last.createdAtKey, last.batch.id]);
  return { rows: page.map((row) => row.batch), nextCursor };
}

export interface BatchSummary {
  counts: BatchCounts;
  /** Items whose job waits or is queued and not yet claimed: what a cancel would stop. */
  cancellable: number;
  /** The first succeeded item's klip (the cover). */
  coverKlipId: string | null;
  /** Succeeded items whose ads could not be made (yet). */
  adsFailed: number;
}

/** Each batch's counts by its items' current jobs: one grouped query for a page of batches. */
export async function batchSummaries(db: DbOrTx, batchIds: readonly string[]): Promise<Map<string, BatchSummary>> {
  if (batchIds.length === 0) return new Map();
  const rows = await queryRows<{
    batch_id: string;
    total: number;
    waiting: number;
    running: number;
    succeeded: number;
    failed: number;
    cancelled: number;
    cancellable: number;
    cover: string | null;
    ads_failed: number;
  }>(
    db,
    sql`select i.batch_id,
          count(*)::int as total,
          count(*) filter (where j.status = 'waiting')::int as waiting,
          count(*) filter (where j.status in ('queued', 'running'))::int as running,
          count(*) filter (where j.status = 'succeeded')::int as succeeded,
          count(*) filter (where j.status = 'failed' and j.error_code is distinct from ${CANCELLED_CODE})::int as failed,
          count(*) filter (where j.status = 'failed' and j.error_code = ${CANCELLED_CODE})::int as cancelled,
          count(*) filter (where j.status in ('waiting', 'queued'))::int as cancellable,
          (array_agg(j.klip_id order by i.position) filter (where j.status = 'succeeded' and j.klip_id is not null))[1] as cover,
          count(*) filter (where j.status = 'succeeded' and i.ads_failed_at is not null and i.ad_set_id is null)::int as ads_failed
        from batch_items i left join generation_jobs j on j.id = i.job_id
        where i.batch_id = any(${sql.param(batchIds)}::uuid[])
        group by i.batch_id`,
  );
  return new Map(
    rows.map((r) => [
      r.batch_id,
      {
        counts: {
          total: r.total,
          waiting: r.waiting,
          running: r.running,
          succeeded: r.succeeded,
          failed: r.failed,
          cancelled: r.cancelled,
        },
        cancellable: r.cancellable,
        coverKlipId: r.cover,
        adsFailed: r.ads_failed,
      },
    ]),
  );
}

export interface ItemWithJob {
  id: string;
  position: number;
  fileName: string;
  /** The item's current job; null only if it was deleted. */
  job: Pick<JobRow, 'id' | 'status' | 'progress' | 'errorCode' | 'errorMessage' | 'klipId'> | null;
  /** The product photo's thumbnail (its full image for uploads made before thumbnails). */
  uploadKey: string | null;
  adSetId: string | null;
  /** The store product it was picked from, while Klipt's copy of it exists. */
  storeProduct: { id: string; title: string } | null;
}

/** A page of a batch's items in drop order, keyset on position, each with its current job and product photo. */
export async function itemPage(db: DbOrTx, batchId: string, cursor: string | undefined) {
  const after = cursor ? Number(decodeCursor(cursor, 'batch-items')[0]) : -1;
  const rows = await queryRows<{
    id: string;
    position: number;
    file_name: string;
    job_id: string | null;
    status: JobRow['status'] | null;
    progress: number | null;
    error_code: string | null;
    error_message: string | null;
    klip_id: string | null;
    upload_key: string | null;
    ad_set_id: string | null;
    store_product_id: string | null;
    store_product_title: string | null;
  }>(
    db,
    sql`select i.id, i.position, i.file_name, j.id as job_id, j.status, j.progress, j.error_code, j.error_message, j.klip_id,
          coalesce(u.thumbnail_key, u.key) as upload_key, i.ad_set_id, p.id as store_product_id, p.title as store_product_title
        from batch_items i
        left join generation_jobs j on j.id = i.job_id
        left join uploads u on u.id = i.upload_id
        left join store_products p on p.id = i.store_product_id
        where i.batch_id = ${batchId} and i.position > ${after}
        order by i.position
        limit ${BATCH_ITEMS_PAGE_SIZE + 1}`,
  );
  const { page, nextCursor } = cutPage(rows, BATCH_ITEMS_PAGE_SIZE, 'batch-items', (last) => [String(last.position)]);
  const items: ItemWithJob[] = page.map((r) => ({
    id: r.id,
    position: r.position,
    fileName: r.file_name,
    job:
      r.job_id && r.status
        ? {
            id: r.job_id,
            status: r.status,
            progress: r.progress ?? 0,
            errorCode: r.error_code,
            errorMessage: r.error_message,
            klipId: r.klip_id,
          }
        : null,
    uploadKey: r.upload_key,
    adSetId: r.ad_set_id,
    storeProduct: r.store_product_id ? { id: r.store_product_id, title: r.store_product_title ?? '' } : null,
  }));
  return { items, nextCursor };
}

/** The items whose job failed (not cancelled) with that job, the items locked for the retry that replaces their jobs. */
export async function lockFailedItems(tx: DbOrTx, batchId: string): Promise<Array<{ itemId: string; job: JobRow }>> {
  const rows = await queryRows<{ item_id: string; job_id: string }>(
    tx,
    sql`select i.id as item_id, j.id as job_id from batch_items i join generation_jobs j on j.id = i.job_id
        where i.batch_id = ${batchId} and j.status = 'failed' and j.error_code is distinct from ${CANCELLED_CODE}
        order by i.position
        for update of i`,
  );
  if (rows.length === 0) return [];
  const jobs = await tx
    .select()
    .from(generationJobs)
    .where(sql`${generationJobs.id} = any(${sql.param(rows.map((r) => r.job_id))}::uuid[])`);
  const byId = new Map(jobs.map((job) => [job.id, job]));
  return rows.map((r) => ({ itemId: r.item_id, job: byId.get(r.job_id)! }));
}

/** The succeeded items of a batch in drop order with their klips (the ZIP). */
export async function succeededItems(
  db: DbOrTx,
  batchId: string,
): Promise<Array<{ position: number; fileName: string; klipId: string; adSetId: string | null }>> {
  return queryRows(
    db,
    sql`select i.position, i.file_name as "fileName", j.klip_id as "klipId", i.ad_set_id as "adSetId"
        from batch_items i join generation_jobs j on j.id = i.job_id
        where i.batch_id = ${batchId} and j.status = 'succeeded' and j.klip_id is not null
        order by i.position`,
  );
}

/** Points retried items at their new jobs, in one statement. */
export async function setItemJobs(tx: DbOrTx, changes: ReadonlyArray<{ itemId: string; jobId: string }>): Promise<void> {
  if (changes.length === 0) return;
  await tx.execute(
    sql`update batch_items i set job_id = c.job_id
        from unnest(${sql.param(changes.map((c) => c.itemId))}::uuid[], ${sql.param(changes.map((c) => c.jobId))}::uuid[]) as c(item_id, job_id)
        where i.id = c.item_id`,
  );
}

/** A batch item with its batch's ads (the make-batch-ads job). */
export async function findItemWithBatch(
  db: DbOrTx,
  itemId: string,
): Promise<{ item: typeof batchItems.$inferSelect; batch: BatchRow } | undefined> {
  const [row] = await db
    .select({ item: batchItems, batch: batches })
    .from(batchItems)
    .innerJoin(batches, eq(batches.id, batchItems.batchId))
    .where(eq(batchItems.id, itemId))
    .limit(1);
  return row;
}

/** The ad sizes of the batch an item belongs to (none: no ads to make). */
export async function adSizesOfItem(db: DbOrTx, itemId: string): Promise<string[]> {
  const rows = await queryRows<{ ad_sizes: string[] }>(
    db,
    sql`select b.ad_sizes from batch_items i join batches b on b.id = i.batch_id where i.id = ${itemId}`,
  );
  return rows[0]?.ad_sizes ?? [];
}

/**
 * Records an item's ad set, once: true when this call set it (locks the item row until the
 * transaction ends, so two runs of the job take turns and the second finds it set).
 */
export async function claimItemAdSet(tx: DbOrTx, itemId: string, setId: string): Promise<boolean> {
  const [row] = await tx.select({ adSetId: batchItems.adSetId }).from(batchItems).where(eq(batchItems.id, itemId)).for('update');
  if (!row || row.adSetId) return false;
  await tx.update(batchItems).set({ adSetId: setId, adsFailedAt: null }).where(eq(batchItems.id, itemId));
  return true;
}

export async function markItemAdsFailed(db: DbOrTx, itemId: string): Promise<void> {
  await db
    .update(batchItems)
    .set({ adsFailedAt: sql`now()` })
    .where(eq(batchItems.id, itemId));
}

/** The ad klips of these sets (a batch's ZIP). */
export async function adKlipsOfSets(db: DbOrTx, setIds: readonly string[]) {
  if (setIds.length === 0) return [];
  return db
    .select()
    .from(klips)
    .where(sql`${klips.adSetId} = any(${sql.param(setIds)}::uuid[])`);
}
