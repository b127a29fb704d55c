import { useState } from 'react';
import { adminWaitlistMessages, WAITLIST_APPROVE_MAX, type AdminWaitlistEntry } from '#contracts/admin-waitlist.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { useWaitlistEntries, type WaitlistFilters as Filters } from '../api/waitlist.ts';
import { ColumnHeads, ListStatus, loadedCount, PagedList } from '../components/list-parts.tsx';
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

  const count = loadedCount(list, entries);

  return (
    <section aria-label={t.title} className="flex flex-col gap-4">
      <Card className="p-3 sm:p-4">
        <WaitlistFilters value={filters} onChange={changeFilters} />
      </Card>
      <ListStatus query={list} countText={count ? t.count(count, list.hasNextPage) : ''} loadingLabel={t.loading} />
      <PagedList
        query={list}
        rowCount={entries.length}
        texts={{ ...t, empty: filters.status === 'all' ? t.empty : t.emptyFiltered }}
        head={
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
            <ColumnHeads columns={waitlistColumns} from="md">
              <span />
              <span>{t.columns.person}</span>
              <span>{t.columns.profile}</span>
              <span className="text-right">{t.columns.score}</span>
              <span>{t.columns.joined}</span>
              <span>{t.columns.status}</span>
              <span />
            </ColumnHeads>
          </>
        }
      >
        {entries.map((entry) => (
          <WaitlistEntryRow
            key={entry.id}
            entry={entry}
            selected={picked.has(entry.id)}
            onSelectedChange={(on) => toggle(entry.id, on)}
            onApprove={() => setConfirming([entry])}
          />
        ))}
      </PagedList>
      <ApproveDialog entries={confirming} onClose={() => setConfirming(null)} onApproved={forget} />
    </section>
  );
}
