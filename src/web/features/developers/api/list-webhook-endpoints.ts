import { useQuery, useQueryClient } from '@tanstack/react-query';
import { contractQuery, invalidateContract } from '#web/lib/contract-query.ts';
import { listWebhookEndpoints } from '#contracts/routes.ts';

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
