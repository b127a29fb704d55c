import type { Batch } from '#contracts/batches.ts';
import { BatchStatusBadge, finishedCount } from '#web/components/batches/batch-status.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { formatDate } from '#web/lib/format-date.ts';
import { ProgressBar } from './progress-bar.tsx';
import { lookSummary } from '../lib/look-summary.ts';
import { batchesTexts } from '../texts.ts';

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col rounded-xl bg-ink-50 px-3 py-2 ring-1 ring-ink-200 ring-inset">
      <dt className="text-xs font-medium text-ink-600">{label}</dt>
      <dd className="text-lg font-bold text-ink-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** The batch's name, status, settings, overall progress and counts. */
export function BatchHeader({ batch }: { batch: Batch }) {
  const { counts } = batch;
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words text-ink-900 sm:text-3xl">{batch.name}</h1>
          <p className="mt-1 text-sm text-ink-600">
            {batchesTexts.settings(batch.modelName, batch.aspectRatio, formatDate(batch.createdAt, 'dateTime'))}
          </p>
        </div>
        <BatchStatusBadge status={batch.status} className="text-sm" />
      </div>
      <p className="rounded-xl bg-ink-50 px-3.5 py-2.5 text-sm leading-relaxed break-words text-ink-800 ring-1 ring-ink-200 ring-inset">
        {batch.prompt}
      </p>
      {(batch.adSizes.length > 0 || batch.exportPresets.length > 0) && (
        <div className="text-sm text-ink-700">
          {lookSummary(batch).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      {batch.adsFailed > 0 && <p className="text-sm font-medium text-danger-700">{batchesTexts.adsFailed(batch.adsFailed)}</p>}
      <div className="flex flex-col gap-1.5">
        <div className="flex items-baseline justify-between text-sm">
          <span className="font-medium text-ink-800">{batchesTexts.finished(finishedCount(counts), counts.total)}</span>
          <span className="text-ink-600 tabular-nums">{batch.progress}%</span>
        </div>
        <ProgressBar label={batchesTexts.progress} percent={batch.progress} />
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Count label={batchesTexts.counts.succeeded} value={counts.succeeded} />
        <Count label={batchesTexts.counts.failed} value={counts.failed} />
        <Count label={batchesTexts.counts.cancelled} value={counts.cancelled} />
        <Count label={batchesTexts.counts.total} value={counts.total} />
      </dl>
    </Card>
  );
}
