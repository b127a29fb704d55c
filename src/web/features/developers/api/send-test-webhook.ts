import { useMutation } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { useDeliveriesChanged } from './list-webhook-deliveries.ts';
import { sendTestWebhook } from '#contracts/routes.ts';

export function useSendTestWebhook(workspaceId: string, endpointId: string) {
  const changed = useDeliveriesChanged(workspaceId, endpointId);
  return useMutation({
    mutationKey: ['webhooks', workspaceId, endpointId, 'test'],
    mutationFn: () => callApi(sendTestWebhook, { params: { workspaceId, endpointId } }),
    onSuccess: () => changed(),
  });
}
