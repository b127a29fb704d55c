import { useMutation } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { useDeliveriesChanged } from './list-webhook-deliveries.ts';
import { resendWebhookDelivery } from '#contracts/routes.ts';

export function useResendWebhookDelivery(workspaceId: string, endpointId: string) {
  const changed = useDeliveriesChanged(workspaceId, endpointId);
  return useMutation({
    mutationKey: ['webhooks', workspaceId, endpointId, 'resend'],
    mutationFn: (deliveryId: string) => callApi(resendWebhookDelivery, { params: { workspaceId, endpointId, deliveryId } }),
    onSuccess: () => changed(),
  });
}
