import { useMutation } from '@tanstack/react-query';
import type { ConnectShopifyTokenRequest } from '#contracts/stores.ts';
import { useStoreStatusChanged } from '#web/components/stores/api/get-store-status.ts';
import { callApi } from '#web/lib/api-client.ts';
import { connectShopifyToken } from '#contracts/routes.ts';

/** POST …/store/shopify/token: Klipt checks the token against Shopify before it saves it (encrypted). */
export function useConnectShopifyToken(workspaceId: string) {
  const changed = useStoreStatusChanged();
  return useMutation({
    mutationFn: (body: ConnectShopifyTokenRequest) => callApi(connectShopifyToken, { params: { workspaceId }, body }),
    onSuccess: () => void changed(),
  });
}
