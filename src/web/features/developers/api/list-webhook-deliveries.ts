import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookDeliveryPage } from '#contracts/webhooks.ts';
import { callApi } from '#web/lib/api-client.ts';
import { contractKey } from '#web/lib/contract-query.ts';
import { listWebhookDeliveries } from '#contracts/routes.ts';

/** While a delivery is still being tried, the log is asked again this often. */
export const PENDING_DELIVERY_REFRESH_MS = 3000;

const deliveriesKey = (workspaceId: string, endpointId: string) =>
  contractKey(listWebhookDeliveries, { params: { workspaceId, endpointId } });

/** An endpoint's delivery log, newest first, page by page ('Load more'); refreshed while any delivery is pending. */
export function useWebhookDeliveries(workspaceId: string, endpointId: string) {
  return useInfiniteQuery({
    queryKey: deliveriesKey(workspaceId, endpointId),
    queryFn: ({ pageParam, signal }): Promise<WebhookDeliveryPage> =>
      callApi(listWebhookDeliveries, {
        params: { workspaceId, endpointId },
        query: pageParam ? { cursor: pageParam } : {},
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.deliveries.some((d) => d.status === 'pending')) ? PENDING_DELIVERY_REFRESH_MS : false,
  });
}

/** After a test event or a re-send: the endpoint's log reloads (it has a new pending delivery). */
export function useDeliveriesChanged(workspaceId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: deliveriesKey(workspaceId, endpointId) });
}
