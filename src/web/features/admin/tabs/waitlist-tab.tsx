import { useState } from 'react';
import { adminWaitlistMessages, WAITLIST_APPROVE_MAX, type AdminWaitlistEntry } from '#contracts/admin-waitlist.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadError } from '#web/components/ui/load-error.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import { useWaitlistEntries, type WaitlistFilters as Filters } from '../api/waitlist.ts';
import { LoadMoreFooter, RowsSkeleton } from '../components/list-parts.tsx';
import { ApproveDialog } from '../components/waitlist/approve-dialog.tsx';
import { adminTexts } from '../texts.ts';
import { WaitlistFilters } from '../components/waitlist/waitlist-filters.tsx';
import { checkboxStyles, isApprovable, WaitlistEntryRow, waitlistColumns } from '../components/waitlist/waitlist-entry-row.tsx';

const t = adminTexts.waitlist;

/** God Mode → Waitlist: pending entries by score, approved one by one or many at once (each gets its invitation). */
export default function WaitlistTab() {
  const [filters, setFilters] = useState<Filters>({ status: 'pending', sort: 'score' });
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<AdminWaitlistEntry[] | null>(null);
  const list = useWaitlistEntries(filters);

  const entries = list.data?.pages.flatMap((p) => p.entries) ?? [];
  const approvable = entries.filter(isApprovable);
  // Only what is on screen and can still be approved counts, whatever was ticked before a reload.
  const selected = approvable.filter((e) => picked.has(e.id));
  const allSelected = approvable.length > 0 && selected.length === approvable.length;
  const tooMany = selected.length > WAITLIST_APPROVE_MAX;

  const changeFilters = (next: Filters) => {
    setFilters(next);
    setPicked(new Set());
  };
  const toggle = (id: string, on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const forget = (ids: string[]) =>
    setPicked((prev) => {
      const next = new Set(prev);
      for (const id of ids) next.delete(id);
      return next;
    });

  const count = list.isError || !list.data ? undefined : entries.length;

  let body;
  if (list.isError && !list.isFetchNextPageError) {
    body = <LoadError title={t.loadFailed} query={list} className="p-4 sm:p-6" />;
  } else if (!list.data) {
    body = <RowsSkeleton />;
  } else if (entries.length === 0) {
    body = (
      <p className="px-6 py-12 text-center text-ink-600">
        {filters.status === 'all' ? adminTexts.waitlist.empty : adminTexts.waitlist.emptyFiltered}
      </p>
    );
  } else {
    body = (
      <>
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-ink-100 px-4 py-3 sm:px-6">
          <label className={cn('flex items-center gap-3 text-sm font-medium text-ink-800', approvable.length === 0 && 'opacity-50')}>
            <input
              type="checkbox"
              className={checkboxStyles}
              checked={allSelected}
              ref={(el) => {
                if (el) el.indeterminate = selected.length > 0 && !allSelected;
              }}
              disabled={approvable.length === 0}
              onChange={(e) => setPicked(e.target.checked ? new Set(approvable.map((a) => a.id)) : new Set())}
            />
            {t.selectAll}
          </label>
          <Button size="sm" disabled={selected.length === 0 || tooMany} onClick={() => setConfirming(selected)}>
            {t.approveSelected(selected.length)}
          </Button>
          {tooMany && (
            <Alert tone="error" className="w-full">
              {adminWaitlistMessages.tooMany}
            </Alert>
          )}
        </div>
        <div
          aria-hidden="true"
          className={cn(
            'hidden gap-x-4 border-b border-ink-100 px-6 py-3 text-xs font-semibold tracking-wide text-ink-500 uppercase md:grid',
            waitlistColumns,
          )}
        >
          <span />
          <span>{t.columns.person}</span>
          <span>{t.columns.profile}</span>
          <span className="text-right">{t.columns.score}</span>
          <span>{t.columns.joined}</span>
          <span>{t.columns.status}</span>
          <span />
        </div>
        <ul aria-label={t.listLabel} className={cn('divide-y divide-ink-100 transition-opacity', list.isPlaceholderData && 'opacity-60')}>
          {entries.map((entry) => (
            <WaitlistEntryRow
              key={entry.id}
              entry={entry}
              selected={picked.has(entry.id)}
              onSelectedChange={(on) => toggle(entry.id, on)}
              onApprove={() => setConfirming([entry])}
            />
          ))}
        </ul>
        <LoadMoreFooter query={list} />
      </>
    );
  }

  return (
    <section aria-label={t.title} className="flex flex-col gap-4">
      <Card className="p-3 sm:p-4">
        <WaitlistFilters value={filters} onChange={changeFilters} />
      </Card>
      <div className="flex h-5 items-center gap-2 text-sm text-ink-600">
        <p role="status">{count === undefined || count === 0 ? '' : t.count(count, list.hasNextPage)}</p>
        {(list.isPlaceholderData || (list.isPending && !list.isError)) && <Spinner size="sm" label={t.loading} />}
      </div>
      <Card className="overflow-hidden">{body}</Card>
      <ApproveDialog entries={confirming} onClose={() => setConfirming(null)} onApproved={forget} />
    </section>
  );
}
