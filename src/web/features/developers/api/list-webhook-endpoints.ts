import { useQuery, useQueryClient } from '@tanstack/react-query';
import { listWebhookEndpoints } from '#contracts/webhooks.ts';
import { contractQuery, invalidateContract } from '#web/lib/contract-query.ts';

/** The workspace's webhook endpoints, oldest first. */
export const webhookEndpointsQueryOptions = (workspaceId: string) => contractQuery(listWebhookEndpoints, { params: { workspaceId } });

export function useWebhookEndpoints(workspaceId: string) {
  return useQuery(webhookEndpointsQueryOptions(workspaceId));
}

/** After an endpoint was added, changed, rotated or deleted: the list reloads. */
export function useWebhookEndpointsChanged() {
  const queryClient = useQueryClient();
  return () => invalidateContract(queryClient, listWebhookEndpoints);
}
