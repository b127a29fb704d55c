import { useMutation } from '@tanstack/react-query';
import type { ConnectShopifyOAuthRequest } from '#contracts/stores.ts';
import { callApi } from '#web/lib/api-client.ts';
import { redirectTo } from '#web/lib/redirect.ts';
import { startShopifyOAuth } from '#contracts/routes.ts';

/** POST …/store/shopify/oauth: the answer is Shopify's install page, where the browser goes next (window.location.assign). */
export function useStartShopifyOAuth(workspaceId: string) {
  return useMutation({
    mutationFn: (body: ConnectShopifyOAuthRequest) => callApi(startShopifyOAuth, { params: { workspaceId }, body }),
    onSuccess: ({ authorizeUrl }) => redirectTo(authorizeUrl),
  });
}
