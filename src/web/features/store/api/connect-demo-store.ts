import { useMutation } from '@tanstack/react-query';
import { useStoreStatusChanged } from '#web/components/stores/api/get-store-status.ts';
import { callApi } from '#web/lib/api-client.ts';
import { connectDemoStore } from '#contracts/routes.ts';

/** POST …/store/demo: connects Klipt's built-in demo store (servers without a Shopify app). */
export function useConnectDemoStore(workspaceId: string) {
  const changed = useStoreStatusChanged();
  return useMutation({
    mutationFn: () => callApi(connectDemoStore, { params: { workspaceId } }),
    onSuccess: () => void changed(),
  });
}
