import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StoreStatus } from '#contracts/stores.ts';
import { contractQuery, invalidateContract } from '#web/lib/contract-query.ts';
import { getStoreStatus } from '#contracts/routes.ts';

/** While the catalogue is being imported, its status is asked for again this often. */
export const SYNC_POLL_MS = 2000;

export const isSyncRunning = (status: StoreStatus | undefined) => status?.connection?.sync.status === 'running';

export const storeStatusQueryOptions = (workspaceId: string) =>
  contractQuery(
    getStoreStatus,
    { params: { workspaceId } },
    { refetchInterval: (query) => (isSyncRunning(query.state.data) ? SYNC_POLL_MS : false) },
  );

/** GET …/store: the connected store and its import, polled while the import runs; asked only when the plan allows it. */
export function useStoreStatus(workspaceId: string | undefined, enabled: boolean) {
  return useQuery({ ...storeStatusQueryOptions(workspaceId ?? ''), enabled: enabled && workspaceId !== undefined });
}

/** After connecting, syncing, resetting or disconnecting: the status (and with it every store screen) reloads. */
export function useStoreStatusChanged() {
  const queryClient = useQueryClient();
  return () => invalidateContract(queryClient, getStoreStatus);
}
