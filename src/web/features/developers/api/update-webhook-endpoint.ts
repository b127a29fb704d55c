import { useMutation } from '@tanstack/react-query';
import type { WebhookEndpointChanges } from '#contracts/webhooks.ts';
import { callApi } from '#web/lib/api-client.ts';
import { useWebhookEndpointsChanged } from './list-webhook-endpoints.ts';
import { updateWebhookEndpoint } from '#contracts/routes.ts';

export function useUpdateWebhookEndpoint(workspaceId: string, endpointId: string) {
  const changed = useWebhookEndpointsChanged();
  return useMutation({
    mutationKey: ['webhooks', workspaceId, endpointId, 'update'],
    mutationFn: (body: WebhookEndpointChanges) => callApi(updateWebhookEndpoint, { params: { workspaceId, endpointId }, body }),
    onSuccess: () => changed(),
  });
}
