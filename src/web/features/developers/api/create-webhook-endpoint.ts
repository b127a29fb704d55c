import { useMutation } from '@tanstack/react-query';
import type { WebhookEndpointInput } from '#contracts/webhooks.ts';
import { callApi } from '#web/lib/api-client.ts';
import { useWebhookEndpointsChanged } from './list-webhook-endpoints.ts';
import { createWebhookEndpoint } from '#contracts/routes.ts';

/** Adds an endpoint; its answer holds the signing secret, the only time it is shown. */
export function useCreateWebhookEndpoint(workspaceId: string) {
  const changed = useWebhookEndpointsChanged();
  return useMutation({
    mutationKey: ['webhooks', workspaceId, 'create'],
    mutationFn: (body: WebhookEndpointInput) => callApi(createWebhookEndpoint, { params: { workspaceId }, body }),
    onSuccess: () => changed(),
  });
}
