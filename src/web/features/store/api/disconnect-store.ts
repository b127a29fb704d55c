import { useMutation } from '@tanstack/react-query';
import { useStoreStatusChanged } from '#web/components/stores/api/get-store-status.ts';
import { useStoreProductsChanged } from '#web/components/stores/api/list-store-products.ts';
import { callApi } from '#web/lib/api-client.ts';
import { disconnectStore } from '#contracts/routes.ts';

/** DELETE …/store: the token is deleted (and Klipt's app uninstalled where OAuth installed it). */
export function useDisconnectStore(workspaceId: string) {
  const statusChanged = useStoreStatusChanged();
  const productsChanged = useStoreProductsChanged();
  return useMutation({
    mutationFn: () => callApi(disconnectStore, { params: { workspaceId } }),
    onSuccess: () => {
      void statusChanged();
      void productsChanged();
    },
  });
}
