import { useState } from 'react';
import type { AdminWorkspace } from '#contracts/admin-workspaces.ts';
import { Card } from '#web/components/ui/card.tsx';
import { useSearchTerm } from '#web/lib/use-debounced-value.ts';
import { useAdminWorkspaces } from '../api/workspaces.ts';
import { ColumnHeads, ListSearch, ListStatus, loadedCount, PagedList } from '../components/list-parts.tsx';
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
  const search = useSearchTerm(searchText, WORKSPACE_SEARCH_DEBOUNCE_MS);
  const list = useAdminWorkspaces(search);
  const rows = list.data?.pages.flatMap((p) => p.workspaces) ?? [];
  const count = loadedCount(list, rows);

  return (
    <section aria-label={t.title} className="flex flex-col gap-4">
      <Card className="p-3 sm:p-4">
        <ListSearch value={searchText} onChange={setSearchText} texts={t} />
      </Card>
      <ListStatus query={list} countText={count ? t.count(count, list.hasNextPage) : ''} loadingLabel={t.loading} />
      <PagedList
        query={list}
        rowCount={rows.length}
        texts={{ ...t, empty: search ? t.noMatches : t.empty }}
        head={
          <ColumnHeads columns={workspaceColumns} from="lg">
            <span>{t.columns.workspace}</span>
            <span>{t.columns.plan}</span>
            <span className="text-right">{t.columns.seats}</span>
            <span className="text-right">{t.columns.balance}</span>
            <span>{t.columns.created}</span>
            <span />
          </ColumnHeads>
        }
      >
        {rows.map((workspace) => (
          <WorkspaceRow key={workspace.id} workspace={workspace} onAdjustCredits={() => setAdjusting(workspace)} />
        ))}
      </PagedList>
      <AdjustCreditsDialog
        key={adjusting?.id ?? 'closed'}
        target={adjusting && { kind: 'workspace', id: adjusting.id, label: adjusting.name, balance: adjusting.balance }}
        onClose={() => setAdjusting(null)}
      />
    </section>
  );
}
