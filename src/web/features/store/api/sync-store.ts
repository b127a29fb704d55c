import { useMutation } from '@tanstack/react-query';
import { useStoreStatusChanged } from '#web/components/stores/api/get-store-status.ts';
import { callApi } from '#web/lib/api-client.ts';
import { syncStore } from '#contracts/routes.ts';

/** POST …/store/sync: imports what changed since the last import; the status is then polled while it runs. */
export function useSyncStore(workspaceId: string) {
  const changed = useStoreStatusChanged();
  return useMutation({
    mutationFn: () => callApi(syncStore, { params: { workspaceId } }),
    onSuccess: () => void changed(),
  });
}
