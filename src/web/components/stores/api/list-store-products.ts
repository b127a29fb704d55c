import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { StoreProductPage } from '#contracts/stores.ts';
import { callApi } from '#web/lib/api-client.ts';
import { contractKey, invalidateContract } from '#web/lib/contract-query.ts';
import { SYNC_POLL_MS } from './get-store-status.ts';
import { listStoreProducts } from '#contracts/routes.ts';

/**
 * GET …/store/products: the imported catalogue by title, searched by `q`, page by page ('Load
 * more'); while `importing`, read again as often as the import's status, so products appear as they arrive.
 */
export function useStoreProducts(workspaceId: string, q: string, importing = false) {
  const query = q === '' ? {} : { q };
  return useInfiniteQuery({
    queryKey: contractKey(listStoreProducts, { params: { workspaceId }, query }),
    queryFn: ({ pageParam, signal }): Promise<StoreProductPage> =>
      callApi(listStoreProducts, { params: { workspaceId }, query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    refetchInterval: importing ? SYNC_POLL_MS : false,
  });
}

/** After an import, a reset or a publication: every loaded catalogue page reloads. */
export function useStoreProductsChanged() {
  const queryClient = useQueryClient();
  return () => invalidateContract(queryClient, listStoreProducts);
}
