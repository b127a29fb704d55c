import { useMutation } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { useWebhookEndpointsChanged } from './list-webhook-endpoints.ts';
import { deleteWebhookEndpoint } from '#contracts/routes.ts';

export function useDeleteWebhookEndpoint(workspaceId: string) {
  const changed = useWebhookEndpointsChanged();
  return useMutation({
    mutationKey: ['webhooks', workspaceId, 'delete'],
    mutationFn: (endpointId: string) => callApi(deleteWebhookEndpoint, { params: { workspaceId, endpointId } }),
    onSuccess: () => changed(),
  });
}
