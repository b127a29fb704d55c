import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { ContractResponse } from '#contracts/contract.ts';
import type { AdminUser } from '#contracts/admin-users.ts';
import type { Me } from '#contracts/profile.ts';
import { callApi } from '#web/lib/api-client.ts';
import { contractKey } from '#web/lib/contract-query.ts';
import { meQueryKey } from '#web/lib/session/me.ts';
import { useCursorPages } from '#web/lib/use-cursor-pages.ts';
import { patchWorkspace } from './workspaces.ts';
import { adjustUserCredits, adjustWorkspaceCredits, listAdminWorkspaces, listUsers, setUserRole } from '#contracts/routes.ts';

type UsersPage = ContractResponse<typeof listUsers>;

/** GET /api/admin/users page by page, newest first; `search` (trimmed, '' for none) matches email or name. */
export function useAdminUsers(search: string) {
  return useCursorPages(listUsers, search ? { search } : {});
}

/** Writes the server's answer into every loaded users list, so the row changes without reloading each page. */
function patchUser(queryClient: QueryClient, id: string, patch: Partial<AdminUser>) {
  queryClient.setQueriesData<InfiniteData<UsersPage>>({ queryKey: contractKey(listUsers) }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, users: page.users.map((u) => (u.id === id ? { ...u, ...patch } : u)) })) }
      : data,
  );
}

export interface CreditAdjustment {
  /** A user's adjustment changes their personal workspace's balance; a workspace's, that workspace's. */
  target: { kind: 'user' | 'workspace'; id: string };
  /** Positive grants, negative deducts. */
  amount: number;
  reason: string;
}

/**
 * One adjustment row in a workspace's ledger (a user's: their personal workspace's). The row takes
 * the new balance; the other tab's list and the header's badge (the session's `me`, the current
 * workspace's balance, which may be the one adjusted) are read again.
 */
export function useAdjustCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'credits'],
    mutationFn: ({ target, amount, reason }: CreditAdjustment) =>
      target.kind === 'user'
        ? callApi(adjustUserCredits, { params: { id: target.id }, body: { amount, reason } })
        : callApi(adjustWorkspaceCredits, { params: { id: target.id }, body: { amount, reason } }),
    onSuccess: ({ balance }, { target }) => {
      if (target.kind === 'user') {
        patchUser(queryClient, target.id, { balance });
        void queryClient.invalidateQueries({ queryKey: contractKey(listAdminWorkspaces) });
      } else {
        patchWorkspace(queryClient, target.id, { balance });
        void queryClient.invalidateQueries({ queryKey: contractKey(listUsers) });
      }
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export interface RoleChange {
  userId: string;
  superAdmin: boolean;
}

/** Promotes or demotes; an admin who demoted themselves reloads their session and leaves God Mode. */
export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'users', 'role'],
    mutationFn: ({ userId, superAdmin }: RoleChange) => callApi(setUserRole, { params: { id: userId }, body: { superAdmin } }),
    onSuccess: ({ isSuperAdmin }, { userId }) => {
      patchUser(queryClient, userId, { isSuperAdmin });
      if (queryClient.getQueryData<Me | null>(meQueryKey)?.user.id === userId) void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
