import { useState } from 'react';
import type { AdminWorkspace } from '#contracts/admin-workspaces.ts';
import { Card } from '#web/components/ui/card.tsx';
import { LoadError } from '#web/components/ui/load-error.tsx';
import { SearchBox } from '#web/components/ui/search-box.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useAdminWorkspaces } from '../api/workspaces.ts';
import { LoadMoreFooter, RowsSkeleton } from '../components/list-parts.tsx';
import { AdjustCreditsDialog } from '../components/users/adjust-credits-dialog.tsx';
import { workspaceColumns, WorkspaceRow } from '../components/workspaces/workspace-row.tsx';
import { adminTexts } from '../texts.ts';

const t = adminTexts.workspaces;

/** Typing waits this long before the list is searched again. */
export const WORKSPACE_SEARCH_DEBOUNCE_MS = 250;

/** God Mode → Workspaces: every personal workspace and team, searchable, with plan, seats, balance and credit adjustments. */
export default function WorkspacesTab() {
  const [searchText, setSearchText] = useState('');
  const [adjusting, setAdjusting] = useState<AdminWorkspace | null>(null);
  const typed = searchText.trim();
  const debounced = useDebouncedValue(typed, WORKSPACE_SEARCH_DEBOUNCE_MS);
  // Clearing the box shows everything at once; typing waits for a pause.
  const search = typed === '' ? '' : debounced;
  const list = useAdminWorkspaces(search);

  const rows = list.data?.pages.flatMap((p) => p.workspaces) ?? [];
  const count = list.isError || !list.data ? undefined : rows.length;

  let body;
  if (list.isError && !list.isFetchNextPageError) {
    body = <LoadError title={t.loadFailed} query={list} className="p-4 sm:p-6" />;
  } else if (!list.data) {
    body = <RowsSkeleton />;
  } else if (rows.length === 0) {
    body = <p className="px-6 py-12 text-center text-ink-600">{search ? t.noMatches : t.empty}</p>;
  } else {
    body = (
      <>
        <div
          aria-hidden="true"
          className={cn(
            'hidden gap-x-4 border-b border-ink-100 px-6 py-3 text-xs font-semibold tracking-wide text-ink-500 uppercase lg:grid',
            workspaceColumns,
          )}
        >
          <span>{t.columns.workspace}</span>
          <span>{t.columns.plan}</span>
          <span className="text-right">{t.columns.seats}</span>
          <span className="text-right">{t.columns.balance}</span>
          <span>{t.columns.created}</span>
          <span />
        </div>
        <ul aria-label={t.listLabel} className={cn('divide-y divide-ink-100 transition-opacity', list.isPlaceholderData && 'opacity-60')}>
          {rows.map((workspace) => (
            <WorkspaceRow key={workspace.id} workspace={workspace} onAdjustCredits={() => setAdjusting(workspace)} />
          ))}
        </ul>
        <LoadMoreFooter query={list} />
      </>
    );
  }

  return (
    <section aria-label={t.title} className="flex flex-col gap-4">
      <Card className="p-3 sm:p-4">
        <form role="search" aria-label={t.searchLabel} onSubmit={(e) => e.preventDefault()}>
          <SearchBox
            value={searchText}
            onChange={setSearchText}
            label={t.searchLabel}
            placeholder={t.searchPlaceholder}
            clearLabel={t.clearSearch}
          />
        </form>
      </Card>
      <div className="flex h-5 items-center gap-2 text-sm text-ink-600">
        <p role="status">{count === undefined || count === 0 ? '' : t.count(count, list.hasNextPage)}</p>
        {(list.isPlaceholderData || (list.isPending && !list.isError)) && <Spinner size="sm" label={t.loading} />}
      </div>
      <Card className="overflow-hidden">{body}</Card>
      <AdjustCreditsDialog
        key={adjusting?.id ?? 'closed'}
        target={adjusting && { kind: 'workspace', id: adjusting.id, label: adjusting.name, balance: adjusting.balance }}
        onClose={() => setAdjusting(null)}
      />
    </section>
  );
}
