import { useMutation } from '@tanstack/react-query';
import { deleteWebhookEndpoint } from '#contracts/webhooks.ts';
import { callApi } from '#web/lib/api-client.ts';
import { useWebhookEndpointsChanged } from './list-webhook-endpoints.ts';

export function useDeleteWebhookEndpoint(workspaceId: string) {
  const changed = useWebhookEndpointsChanged();
  return useMutation({
    mutationKey: ['webhooks', workspaceId, 'delete'],
    mutationFn: (endpointId: string) => callApi(deleteWebhookEndpoint, { params: { workspaceId, endpointId } }),
    onSuccess: () => changed(),
  });
}
