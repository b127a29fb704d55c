import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { ContractResponse } from '#contracts/contract.ts';
import { adjustUserCredits, listUsers, setUserRole, type AdminUser } from '#contracts/admin-users.ts';
import type { Me } from '#contracts/profile.ts';
import { callApi } from '#web/lib/api-client.ts';
import { contractKey } from '#web/lib/contract-query.ts';
import { meQueryKey } from '#web/lib/session/me.ts';
import { useCursorPages } from '#web/lib/use-cursor-pages.ts';

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
  userId: string;
  /** Positive grants, negative deducts. */
  amount: number;
  reason: string;
}

/**
 * One adjustment row in the user's ledger. The row takes the new balance; when the admin adjusted
 * their own credits, the header's badge (the session's `me`) does too.
 */
export function useAdjustCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'users', 'credits'],
    mutationFn: ({ userId, amount, reason }: CreditAdjustment) =>
      callApi(adjustUserCredits, { params: { id: userId }, body: { amount, reason } }),
    onSuccess: ({ balance }, { userId }) => {
      patchUser(queryClient, userId, { balance });
      queryClient.setQueryData<Me | null>(meQueryKey, (me) => (me && me.user.id === userId ? { ...me, credits: balance } : me));
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
