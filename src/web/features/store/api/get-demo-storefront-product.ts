import { useQuery } from '@tanstack/react-query';
import { ApiError } from '#web/lib/api-client.ts';
import { contractQuery } from '#web/lib/contract-query.ts';
import { getDemoStorefrontProduct } from '#contracts/routes.ts';

/** A demo store product page as a shopper sees it; a missing product is not asked for again. */
export function useDemoStorefrontProduct(workspaceId: string | undefined, handle: string, enabled: boolean) {
  return useQuery({
    ...contractQuery<typeof getDemoStorefrontProduct>(
      getDemoStorefrontProduct,
      { params: { workspaceId: workspaceId ?? '', handle } },
      { retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1 },
    ),
    enabled: enabled && workspaceId !== undefined,
  });
}
