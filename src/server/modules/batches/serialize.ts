import type { Batch, BatchItemStatus } from '#contracts/batches.ts';
import type { JobRow } from '../generation/index.ts';
import { CANCELLED_CODE, type BatchRow, type BatchSummary } from './repo.ts';

/** An item's state is its current job's; a job failed by a cancel reads "cancelled". */
export function toBatchItemStatus(job: Pick<JobRow, 'status' | 'errorCode'> | null): BatchItemStatus {
  if (!job) return 'cancelled';
  if (job.status === 'failed') return job.errorCode === CANCELLED_CODE ? 'cancelled' : 'failed';
  return job.status;
}

/** Running while any item still waits or runs (also after a cancel, until the started ones finish). */
export function toBatch(row: BatchRow, summary: BatchSummary, coverUrl: string | null): Batch {
  const { counts } = summary;
  const finished = counts.succeeded + counts.failed + counts.cancelled;
  const status = counts.waiting + counts.running > 0 ? 'running' : row.cancelledAt ? 'cancelled' : 'finished';
  return {
    id: row.id,
    name: row.name,
    prompt: row.prompt,
    modelName: row.modelName,
    aspectRatio: row.aspectRatio,
    status,
    counts,
    progress: counts.total === 0 ? 100 : Math.floor((finished * 100) / counts.total),
    costPerItem: row.costPerItem,
    canCancel: summary.cancellable > 0,
    coverUrl,
    lookId: row.lookId,
    adLayout: row.adLayout ?? null,
    adSizes: row.adSizes,
    exportPresets: row.exportPresets,
    adsFailed: summary.adsFailed,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
