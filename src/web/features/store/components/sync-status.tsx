import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import type { StoreSync } from '#contracts/stores.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { formatDate } from '#web/lib/format-date.ts';
import { storeTexts } from '../texts.ts';

/** The catalogue import: running with its counts so far, last synced, or failed with the reason. */
export function SyncStatus({ sync }: { sync: StoreSync }) {
  const counts = storeTexts.syncCounts(sync.productCount, sync.imageCount);
  if (sync.status === 'running')
    return (
      <div
        role="status"
        className="flex items-start gap-2.5 rounded-xl bg-brand-50 px-3.5 py-3 text-sm text-brand-800"
        data-testid="sync-status"
      >
        <Spinner size="sm" className="mt-0.5" />
        <p>
          <span className="font-semibold">{storeTexts.syncRunning}</span> <span className="tabular-nums">{counts}</span>
        </p>
      </div>
    );
  if (sync.status === 'failed')
    return (
      <div
        role="alert"
        className="flex items-start gap-2.5 rounded-xl bg-danger-50 px-3.5 py-3 text-sm text-danger-700"
        data-testid="sync-status"
      >
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">{storeTexts.syncFailed}</p>
          {sync.error && <p className="mt-0.5 break-words">{sync.error}</p>}
          <p className="mt-0.5 text-danger-700/80 tabular-nums">{counts}</p>
        </div>
      </div>
    );
  return (
    <div className="flex items-start gap-2.5 rounded-xl bg-ink-50 px-3.5 py-3 text-sm text-ink-700" data-testid="sync-status">
      <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden="true" />
      <p>
        <span className="font-semibold text-ink-900">
          {sync.lastSyncedAt ? storeTexts.lastSynced(formatDate(sync.lastSyncedAt, 'dateTime')) : storeTexts.neverSynced}
        </span>{' '}
        · <span className="tabular-nums">{counts}</span>
      </p>
    </div>
  );
}
