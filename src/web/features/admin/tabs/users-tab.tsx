import { useState } from 'react';
import type { AdminUser } from '#contracts/admin-users.ts';
import { Card } from '#web/components/ui/card.tsx';
import { useMe } from '#web/lib/session/me.ts';
import { useSearchTerm } from '#web/lib/use-debounced-value.ts';
import { useAdminUsers } from '../api/users.ts';
import { ColumnHeads, ListSearch, ListStatus, loadedCount, PagedList } from '../components/list-parts.tsx';
import { AdjustCreditsDialog } from '../components/users/adjust-credits-dialog.tsx';
import { RoleDialog } from '../components/users/role-dialog.tsx';
import { userColumns, UserRow } from '../components/users/user-row.tsx';
import { adminTexts } from '../texts.ts';

const t = adminTexts.users;

/** Typing waits this long before the list is searched again. */
export const USER_SEARCH_DEBOUNCE_MS = 250;

/** God Mode → Users: every account, searchable, with credit adjustments and the super admin role. */
export default function UsersTab() {
  const [searchText, setSearchText] = useState('');
  const [adjusting, setAdjusting] = useState<AdminUser | null>(null);
  const [changingRole, setChangingRole] = useState<AdminUser | null>(null);
  const { data: me } = useMe();
  const search = useSearchTerm(searchText, USER_SEARCH_DEBOUNCE_MS);
  const list = useAdminUsers(search);
  const users = list.data?.pages.flatMap((p) => p.users) ?? [];
  const count = loadedCount(list, users);

  return (
    <section aria-label={t.title} className="flex flex-col gap-4">
      <Card className="p-3 sm:p-4">
        <ListSearch value={searchText} onChange={setSearchText} texts={t} />
      </Card>
      <ListStatus query={list} countText={count ? t.count(count, list.hasNextPage) : ''} loadingLabel={t.loading} />
      <PagedList
        query={list}
        rowCount={users.length}
        texts={{ ...t, empty: search ? t.noUsers : t.empty }}
        head={
          <ColumnHeads columns={userColumns} from="lg">
            <span>{t.columns.user}</span>
            <span>{t.columns.joined}</span>
            <span className="text-right">{t.columns.balance}</span>
            <span className="text-right">{t.columns.klips}</span>
            <span />
          </ColumnHeads>
        }
      >
        {users.map((user) => (
          <UserRow
            key={user.id}
            user={user}
            isSelf={user.id === me?.user.id}
            onAdjustCredits={() => setAdjusting(user)}
            onChangeRole={() => setChangingRole(user)}
          />
        ))}
      </PagedList>
      <AdjustCreditsDialog
        key={adjusting?.id ?? 'closed'}
        target={adjusting && { kind: 'user', id: adjusting.id, label: adjusting.email, balance: adjusting.balance }}
        onClose={() => setAdjusting(null)}
      />
      <RoleDialog user={changingRole} isSelf={changingRole?.id === me?.user.id} onClose={() => setChangingRole(null)} />
    </section>
  );
}
