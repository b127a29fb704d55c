import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ContractResponse } from '#contracts/contract.ts';
import type { AdminWorkspace } from '#contracts/admin-workspaces.ts';
import { contractKey } from '#web/lib/contract-query.ts';
import { useCursorPages } from '#web/lib/use-cursor-pages.ts';
import { listAdminWorkspaces } from '#contracts/routes.ts';

type WorkspacesPage = ContractResponse<typeof listAdminWorkspaces>;

/** GET /api/admin/workspaces page by page, newest first; `search` (trimmed, '' for none) matches the name or a member's email. */
export function useAdminWorkspaces(search: string) {
  return useCursorPages(listAdminWorkspaces, search ? { search } : {});
}

/** Writes the server's answer into every loaded workspaces list, so the row changes without reloading each page. */
export function patchWorkspace(queryClient: QueryClient, id: string, patch: Partial<AdminWorkspace>) {
  queryClient.setQueriesData<InfiniteData<WorkspacesPage>>({ queryKey: contractKey(listAdminWorkspaces) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, workspaces: page.workspaces.map((w) => (w.id === id ? { ...w, ...patch } : w)) })),
        }
      : data,
  );
}
