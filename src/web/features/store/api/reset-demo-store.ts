import { useMutation } from '@tanstack/react-query';
import { useStoreStatusChanged } from '#web/components/stores/api/get-store-status.ts';
import { useStoreProductsChanged } from '#web/components/stores/api/list-store-products.ts';
import { callApi } from '#web/lib/api-client.ts';
import { resetDemoStore } from '#contracts/routes.ts';

/** POST …/store/demo/reset: the demo store's products and original photos again, no published klips. */
export function useResetDemoStore(workspaceId: string) {
  const statusChanged = useStoreStatusChanged();
  const productsChanged = useStoreProductsChanged();
  return useMutation({
    mutationFn: () => callApi(resetDemoStore, { params: { workspaceId } }),
    onSuccess: () => {
      void statusChanged();
      void productsChanged();
    },
  });
}
