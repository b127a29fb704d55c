import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhookEndpoint,
} from '#contracts/webhooks.ts';
import type { Router } from '../../http/router.ts';
import type { WebhookService } from './service.ts';

/** Webhook endpoints and their logs; the router already answered 404 to non-members and 403 PLAN_REQUIRED without 'API access'. */
export function registerWebhookRoutes(router: Router, deps: { webhooks: WebhookService }): void {
  const { webhooks } = deps;
  router.add(listWebhookEndpoints, { handler: ({ user, params }) => webhooks.list(user, params.workspaceId) });
  router.add(createWebhookEndpoint, { handler: ({ user, params, body }) => webhooks.create(user, params.workspaceId, body) });
  router.add(updateWebhookEndpoint, {
    handler: ({ user, params, body }) => webhooks.update(user, params.workspaceId, params.endpointId, body),
  });
  router.add(deleteWebhookEndpoint, {
    handler: async ({ user, params }) => {
      await webhooks.remove(user, params.workspaceId, params.endpointId);
      return undefined;
    },
  });
  router.add(rotateWebhookSecret, { handler: ({ user, params }) => webhooks.rotateSecret(user, params.workspaceId, params.endpointId) });
  router.add(sendTestWebhook, { handler: ({ user, params }) => webhooks.sendTest(user, params.workspaceId, params.endpointId) });
  router.add(listWebhookDeliveries, {
    handler: ({ user, params, query }) => webhooks.deliveries(user, params.workspaceId, params.endpointId, query.cursor),
  });
  router.add(resendWebhookDelivery, {
    handler: ({ user, params }) => webhooks.resend(user, params.workspaceId, params.endpointId, params.deliveryId),
  });
}
