import type { Batch, BatchCounts, BatchItemStatus } from '#contracts/batches.ts';
import { Badge, type BadgeTone } from '../ui/badge.tsx';

const batchStatus: Record<Batch['status'], { label: string; tone: BadgeTone }> = {
  running: { label: 'Running', tone: 'brand' },
  finished: { label: 'Finished', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

const itemStatus: Record<BatchItemStatus, { label: string; tone: BadgeTone }> = {
  waiting: { label: 'Waiting', tone: 'neutral' },
  queued: { label: 'Queued', tone: 'neutral' },
  running: { label: 'Generating', tone: 'brand' },
  succeeded: { label: 'Done', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

export function BatchStatusBadge({ status, className }: { status: Batch['status']; className?: string }) {
  const { label, tone } = batchStatus[status];
  return (
    <Badge tone={tone} className={className}>
      {label}
    </Badge>
  );
}

export function BatchItemStatusBadge({ status, className }: { status: BatchItemStatus; className?: string }) {
  const { label, tone } = itemStatus[status];
  return (
    <Badge tone={tone} className={className}>
      {label}
    </Badge>
  );
}

/** Items that will not change any more: succeeded, failed or cancelled. */
export function finishedCount(counts: BatchCounts): number {
  return counts.succeeded + counts.failed + counts.cancelled;
}

/** '12/50 done' (the images made), and how many failed or were cancelled when some were. */
export function batchDoneText(counts: BatchCounts): string {
  const parts = [`${counts.succeeded}/${counts.total} done`];
  if (counts.failed > 0) parts.push(`${counts.failed} failed`);
  if (counts.cancelled > 0) parts.push(`${counts.cancelled} cancelled`);
  return parts.join(' · ');
}
