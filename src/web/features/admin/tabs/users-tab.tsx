import { useState } from 'react';
import type { AdminUser } from '#contracts/admin-users.ts';
import { Card } from '#web/components/ui/card.tsx';
import { LoadError } from '#web/components/ui/load-error.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import { useMe } from '#web/lib/session/me.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useAdminUsers } from '../api/users.ts';
import { AdjustCreditsDialog } from '../components/users/adjust-credits-dialog.tsx';
import { LoadMoreFooter, RowsSkeleton } from '../components/list-parts.tsx';
import { RoleDialog } from '../components/users/role-dialog.tsx';
import { adminTexts } from '../texts.ts';
import { userColumns, UserRow } from '../components/users/user-row.tsx';
import { UserSearch } from '../components/users/user-search.tsx';

const t = adminTexts.users;

/** Typing waits this long before the list is searched again. */
export const USER_SEARCH_DEBOUNCE_MS = 250;

/** God Mode → Users: every account, searchable, with credit adjustments and the super admin role. */
export default function UsersTab() {
  const [searchText, setSearchText] = useState('');
  const [adjusting, setAdjusting] = useState<AdminUser | null>(null);
  const [changingRole, setChangingRole] = useState<AdminUser | null>(null);
  const { data: me } = useMe();
  const typed = searchText.trim();
  const debounced = useDebouncedValue(typed, USER_SEARCH_DEBOUNCE_MS);
  // Clearing the box shows everyone at once; typing waits for a pause.
  const search = typed === '' ? '' : debounced;
  const list = useAdminUsers(search);

  const users = list.data?.pages.flatMap((p) => p.users) ?? [];
  const count = list.isError || !list.data ? undefined : users.length;

  let body;
  if (list.isError && !list.isFetchNextPageError) {
    body = <LoadError title={t.loadFailed} query={list} className="p-4 sm:p-6" />;
  } else if (!list.data) {
    body = <RowsSkeleton />;
  } else if (users.length === 0) {
    body = <p className="px-6 py-12 text-center text-ink-600">{search ? adminTexts.users.noUsers : t.empty}</p>;
  } else {
    body = (
      <>
        <div
          aria-hidden="true"
          className={cn(
            'hidden gap-x-4 border-b border-ink-100 px-6 py-3 text-xs font-semibold tracking-wide text-ink-500 uppercase lg:grid',
            userColumns,
          )}
        >
          <span>{t.columns.user}</span>
          <span>{t.columns.joined}</span>
          <span className="text-right">{t.columns.balance}</span>
          <span className="text-right">{t.columns.klips}</span>
          <span />
        </div>
        <ul aria-label={t.listLabel} className={cn('divide-y divide-ink-100 transition-opacity', list.isPlaceholderData && 'opacity-60')}>
          {users.map((user) => (
            <UserRow
              key={user.id}
              user={user}
              isSelf={user.id === me?.user.id}
              onAdjustCredits={() => setAdjusting(user)}
              onChangeRole={() => setChangingRole(user)}
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
        <UserSearch value={searchText} onChange={setSearchText} />
      </Card>
      <div className="flex h-5 items-center gap-2 text-sm text-ink-600">
        <p role="status">{count === undefined || count === 0 ? '' : t.count(count, list.hasNextPage)}</p>
        {(list.isPlaceholderData || (list.isPending && !list.isError)) && <Spinner size="sm" label={t.loading} />}
      </div>
      <Card className="overflow-hidden">{body}</Card>
      <AdjustCreditsDialog
        key={adjusting?.id ?? 'closed'}
        target={adjusting && { kind: 'user', id: adjusting.id, label: adjusting.email, balance: adjusting.balance }}
        onClose={() => setAdjusting(null)}
      />
      <RoleDialog user={changingRole} isSelf={changingRole?.id === me?.user.id} onClose={() => setChangingRole(null)} />
    </section>
  );
}
