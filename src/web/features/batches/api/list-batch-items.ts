import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { contractKey } from '#web/lib/contract-query.ts';
import { BATCH_POLL_MS } from './get-batch.ts';
import { listBatchItems } from '#contracts/routes.ts';

/** GET /api/batches/:id/items page by page ('Load more'); every loaded page is polled while the batch may change. */
export function useBatchItems(id: string, active: boolean) {
  return useInfiniteQuery({
    queryKey: contractKey(listBatchItems, { params: { id } }),
    queryFn: ({ pageParam, signal }) => callApi(listBatchItems, { params: { id }, query: pageParam ? { cursor: pageParam } : {}, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: active ? BATCH_POLL_MS : false,
  });
}
