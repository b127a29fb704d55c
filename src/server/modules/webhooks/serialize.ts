import type { WebhookDelivery, WebhookEndpoint } from '#contracts/webhooks.ts';
import type { DeliveryRow, EndpointRow } from './repo.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** An endpoint as the API shows it: never its secret (only the create and rotate answers carry it). */
export function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason === 'failing' || row.disabledReason === 'manual' ? row.disabledReason : null,
    disabledAt: iso(row.disabledAt),
    failingSince: iso(row.failingSince),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    responseCode: row.lastStatusCode,
    durationMs: row.lastDurationMs,
    error: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: iso(row.nextAttemptAt),
    payload: row.payload,
  };
}
