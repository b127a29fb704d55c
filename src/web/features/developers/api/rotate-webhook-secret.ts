import { useMutation } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { useWebhookEndpointsChanged } from './list-webhook-endpoints.ts';
import { rotateWebhookSecret } from '#contracts/routes.ts';

/** A new signing secret for the endpoint (the old one stops at once); the answer is the only time it is shown. */
export function useRotateWebhookSecret(workspaceId: string) {
  const changed = useWebhookEndpointsChanged();
  return useMutation({
    mutationKey: ['webhooks', workspaceId, 'rotate'],
    mutationFn: (endpointId: string) => callApi(rotateWebhookSecret, { params: { workspaceId, endpointId } }),
    onSuccess: () => changed(),
  });
}
