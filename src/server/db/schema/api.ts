import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ApiKeyScope } from '#contracts/api-keys.ts';
import { webhookDeliveryStatuses, type WebhookDeliveryStatus, type WebhookEventType } from '#contracts/webhooks.ts';
import { users } from './auth.ts';
import { inList } from './sql-helpers.ts';
import { workspaces } from './workspaces.ts';

/**
 * A workspace's API key (docs/api.md): the secret is shown once and only its SHA-256 is kept (a
 * 256-bit random secret needs no slow hash). The key acts for the member who made it, in its
 * workspace, with its scopes; it stops when revoked, expired, or when that member leaves.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The member who made it; the key acts as them (null once their account is gone: the key stops). */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** The secret's first characters, shown in lists to recognise it. */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: jsonb('scopes').$type<ApiKeyScope[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash_unique').on(t.secretHash),
    index('api_keys_workspace_created_idx').on(t.workspaceId, t.createdAt),
  ],
);

/**
 * The first answer to a credit-spending POST sent with `Idempotency-Key`, kept 24 hours: the same
 * key with the same body gets it again, without a second charge. `running` while the first request
 * is still being answered (a concurrent one waits for it).
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, path and body: another body under the same key is a 422. */
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['running', 'done'] }).notNull(),
    status: integer('status'),
    /** The first answer's body exactly as sent (text: jsonb would reorder its keys). */
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.key] }),
    check('idempotent_requests_state_check', sql`${t.state} in ('running', 'done')`),
    index('idempotent_requests_created_idx').on(t.createdAt),
  ],
);

/** Where a workspace wants to hear about its work (Standard Webhooks; docs/api.md#webhooks). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: jsonb('events').$type<WebhookEventType[]>().notNull(),
    /** `whsec_` + base64 of 32 random bytes: the receiver verifies with it, so it is kept as is. */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was switched off ('failing' after a day of failed deliveries, 'manual'). */
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The first failed delivery since the last success; a day of failures disables the endpoint. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_workspace_created_idx').on(t.workspaceId, t.createdAt)],
);

/**
 * One message to one endpoint (its id is the `webhook-id` of every attempt, so receivers can
 * dedupe), with the outcome of its latest attempt; each attempt is in webhook_attempts.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    eventType: text('event_type').$type<WebhookEventType>().notNull(),
    /** What the event is about ('generation.succeeded:<job id>'): one message per endpoint and event. */
    eventKey: text('event_key').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: webhookDeliveryStatuses }).$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastDurationMs: integer('last_duration_ms'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('webhook_deliveries_status_check', sql`${t.status} in ${inList(webhookDeliveryStatuses)}`),
    uniqueIndex('webhook_deliveries_event_unique').on(t.endpointId, t.eventKey),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt, t.id),
    // Recovery's sweep for tries that were lost (leaseOverdueDeliveries).
    index('webhook_deliveries_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Each try of a delivery: what the receiver answered and how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);
