import { z } from 'zod';
import { defineContract } from './contract.ts';
import { text, URL_MAX } from './fields.ts';
import { cursorField } from './klips.ts';
import { workspaceMessages } from './workspaces.ts';

/**
 * Webhooks (docs/api.md#webhooks): a workspace's endpoints hear about its work, signed by the
 * Standard Webhooks scheme (webhook-id, webhook-timestamp, webhook-signature).
 */
export const webhookEventTypes = ['generation.succeeded', 'generation.failed', 'batch.finished', 'webhook.test'] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
/** What an endpoint can subscribe to; 'webhook.test' goes to whoever presses 'Send test event'. */
export const subscribableEvents = [
  'generation.succeeded',
  'generation.failed',
  'batch.finished',
] as const satisfies readonly WebhookEventType[];

export const webhookEventInfo: Record<WebhookEventType, { label: string; description: string }> = {
  'generation.succeeded': { label: 'Generation succeeded', description: 'An image or video generation finished; its klip is ready.' },
  'generation.failed': { label: 'Generation failed', description: 'A generation failed; its credits were refunded.' },
  'batch.finished': { label: 'Batch finished', description: 'Every item of a batch has finished, failed or been cancelled.' },
  'webhook.test': { label: 'Test event', description: "Sent when you press 'Send test event'." },
};

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

export const WEBHOOK_ENDPOINTS_PER_WORKSPACE = 10;
export const WEBHOOK_DESCRIPTION_MAX = 120;
/** Each delivery's retries after the first try (Standard Webhooks' suggested schedule, ~27.5 h in all). */
export const webhookRetryDelaysSeconds = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
/** An endpoint whose deliveries have failed for this long is switched off and its owner emailed. */
export const WEBHOOK_DISABLE_AFTER_HOURS = 24;
export const WEBHOOK_TIMEOUT_SECONDS = 10;

export const webhookMessages = {
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  urlRequired: 'Please enter the endpoint URL',
  urlTooLong: `Endpoint URLs must be at most ${URL_MAX} characters`,
  urlInvalid: 'Enter a full https:// address, like https://example.com/klipt/webhooks',
  httpsRequired: 'Webhook endpoints must use https://',
  privateTarget: (kind: string) => `Webhook endpoints cannot point at a ${kind} address`,
  eventsRequired: 'Choose at least one event',
  eventUnknown: `Events are ${subscribableEvents.join(', ')}`,
  descriptionTooLong: `Descriptions must be at most ${WEBHOOK_DESCRIPTION_MAX} characters`,
  tooManyEndpoints: `A workspace can have up to ${WEBHOOK_ENDPOINTS_PER_WORKSPACE} webhook endpoints. Delete one before adding another.`,
  endpointDisabled: 'This endpoint is switched off. Switch it on to send to it.',
} as const;

const workspaceId = z.uuid(workspaceMessages.notFound);
const endpointId = z.uuid(webhookMessages.notFound);
const deliveryId = z.uuid(webhookMessages.deliveryNotFound);

/** http(s) and a host; whether http and private targets are allowed is the server's setting. */
const endpointUrl = text({ required: webhookMessages.urlRequired, max: [URL_MAX, webhookMessages.urlTooLong] }).pipe(
  z.url({ protocol: /^https?$/, error: webhookMessages.urlInvalid }),
);
const events = z
  .array(z.enum(subscribableEvents, webhookMessages.eventUnknown), webhookMessages.eventsRequired)
  .min(1, webhookMessages.eventsRequired)
  .max(subscribableEvents.length, webhookMessages.eventUnknown)
  .transform((chosen) => subscribableEvents.filter((e) => chosen.includes(e)));
const description = text({ max: [WEBHOOK_DESCRIPTION_MAX, webhookMessages.descriptionTooLong] });

export const WebhookEndpointInput = z
  .object({ url: endpointUrl, events, description: description.default('') })
  .strict()
  .meta({ id: 'WebhookEndpointFields' });
export type WebhookEndpointInput = z.input<typeof WebhookEndpointInput>;

export const WebhookEndpointChanges = z
  .object({ url: endpointUrl.optional(), events: events.optional(), description: description.optional(), enabled: z.boolean().optional() })
  .strict()
  .meta({ id: 'WebhookEndpointChanges' });
export type WebhookEndpointChanges = z.input<typeof WebhookEndpointChanges>;

export const WebhookEndpoint = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(webhookEventTypes)),
    enabled: z.boolean(),
    /** 'failing': switched off after a day of failed deliveries; 'manual': switched off by a member. */
    disabledReason: z.enum(['failing', 'manual']).nullable(),
    disabledAt: z.iso.datetime().nullable(),
    /** The first failed delivery since the last success, or null. */
    failingSince: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** Creating an endpoint or rotating its secret: the only time the secret is shown. */
export const WebhookEndpointWithSecret = z
  .object({ endpoint: WebhookEndpoint, secret: z.string() })
  .meta({ id: 'WebhookEndpointWithSecret' });
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecret>;

export const WebhookDelivery = z
  .object({
    /** The message id: the `webhook-id` header of every attempt. */
    id: z.string(),
    eventType: z.enum(webhookEventTypes),
    status: z.enum(webhookDeliveryStatuses),
    attempts: z.number().int(),
    /** The receiver's last answer (null: none, e.g. a timeout or a refused address). */
    responseCode: z.number().int().nullable(),
    durationMs: z.number().int().nullable(),
    error: z.string().nullable(),
    createdAt: z.iso.datetime(),
    lastAttemptAt: z.iso.datetime().nullable(),
    nextAttemptAt: z.iso.datetime().nullable(),
    payload: z.unknown(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryPage = z
  .object({ deliveries: z.array(WebhookDelivery), nextCursor: z.string().nullable() })
  .meta({ id: 'WebhookDeliveryPage' });
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPage>;

const endpointParams = z.object({ workspaceId, endpointId });

export const listWebhookEndpoints = defineContract({
  method: 'GET',
  path: '/api/workspaces/:workspaceId/webhooks',
  summary: "The workspace's webhook endpoints, oldest first",
  tags: ['Webhooks'],
  params: z.object({ workspaceId }),
  status: 200,
  response: z.object({ endpoints: z.array(WebhookEndpoint) }),
  errors: [403, 404],
  auth: 'verified',
  entitlement: 'apiAccess',
});

export const createWebhookEndpoint = defineContract({
  method: 'POST',
  path: '/api/workspaces/:workspaceId/webhooks',
  summary: 'Adds a webhook endpoint; the answer is the only time its signing secret is shown',
  tags: ['Webhooks'],
  params: z.object({ workspaceId }),
  body: WebhookEndpointInput,
  status: 201,
  response: WebhookEndpointWithSecret,
  errors: [400, 403, 404, 409],
  auth: 'verified',
  entitlement: 'apiAccess',
});

export const updateWebhookEndpoint = defineContract({
  method: 'PATCH',
  path: '/api/workspaces/:workspaceId/webhooks/:endpointId',
  summary: 'Changes an endpoint: its URL, events, description, or switches it on or off',
  tags: ['Webhooks'],
  params: endpointParams,
  body: WebhookEndpointChanges,
  status: 200,
  response: WebhookEndpoint,
  errors: [400, 403, 404],
  auth: 'verified',
  entitlement: 'apiAccess',
});

export const deleteWebhookEndpoint = defineContract({
  method: 'DELETE',
  path: '/api/workspaces/:workspaceId/webhooks/:endpointId',
  summary: 'Deletes an endpoint and its delivery log',
  tags: ['Webhooks'],
  params: endpointParams,
  status: 204,
  response: z.undefined(),
  errors: [403, 404],
  auth: 'verified',
  entitlement: 'apiAccess',
});

export const rotateWebhookSecret = defineContract({
  method: 'POST',
  path: '/api/workspaces/:workspaceId/webhooks/:endpointId/rotate-secret',
  summary: 'Gives the endpoint a new signing secret (the old one stops at once); shown only in this answer',
  tags: ['Webhooks'],
  params: endpointParams,
  status: 200,
  response: WebhookEndpointWithSecret,
  errors: [403, 404],
  auth: 'verified',
  entitlement: 'apiAccess',
});

export const sendTestWebhook = defineContract({
  method: 'POST',
  path: '/api/workspaces/:workspaceId/webhooks/:endpointId/test',
  summary: "Sends a 'webhook.test' event to the endpoint (delivered in the background; see its log)",
  tags: ['Webhooks'],
  params: endpointParams,
  status: 202,
  response: WebhookDelivery,
  errors: [403, 404, 409],
  auth: 'verified',
  entitlement: 'apiAccess',
});

export const listWebhookDeliveries = defineContract({
  method: 'GET',
  path: '/api/workspaces/:workspaceId/webhooks/:endpointId/deliveries',
  summary: "The endpoint's delivery log, newest first, 20 per page (keyset cursor)",
  tags: ['Webhooks'],
  params: endpointParams,
  query: z.object({ cursor: cursorField }),
  status: 200,
  response: WebhookDeliveryPage,
  errors: [400, 403, 404],
  auth: 'verified',
  entitlement: 'apiAccess',
});

export const resendWebhookDelivery = defineContract({
  method: 'POST',
  path: '/api/workspaces/:workspaceId/webhooks/:endpointId/deliveries/:deliveryId/resend',
  summary: 'Sends a delivery again now, with the same webhook-id (a new attempt in its log)',
  tags: ['Webhooks'],
  params: z.object({ workspaceId, endpointId, deliveryId }),
  status: 202,
  response: WebhookDelivery,
  errors: [403, 404, 409],
  auth: 'verified',
  entitlement: 'apiAccess',
});
