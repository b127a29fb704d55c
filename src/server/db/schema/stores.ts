import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  storeConnectMethods,
  storePlatforms,
  storeProductStatuses,
  storeSyncStatuses,
  type StoreConnectMethod,
  type StorePlatform,
  type StoreProductStatus,
  type StoreSyncStatus,
} from '#contracts/stores.ts';
import { users } from './auth.ts';
import { uploads } from './generation.ts';
import { inList } from './sql-helpers.ts';
import { workspaces } from './workspaces.ts';

/**
 * A workspace's connected store (one per workspace; docs/product-rules.md#store-sync). The Admin
 * API token and the custom app's webhook secret are kept encrypted (AES-256-GCM, lib/token-cipher.ts)
 * and never leave the server.
 */
export const storeConnections = pgTable(
  'store_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: storePlatforms }).$type<StorePlatform>().notNull(),
    method: text('method', { enum: storeConnectMethods }).$type<StoreConnectMethod>().notNull(),
    shopDomain: text('shop_domain').notNull(),
    shopName: text('shop_name').notNull(),
    /** `v1.<iv>.<tag>.<ciphertext>` (base64url), null for the demo store. */
    accessTokenEncrypted: text('access_token_encrypted'),
    /** A custom app's API secret key, encrypted: its webhooks are signed with it (OAuth apps use SHOPIFY_API_SECRET). */
    webhookSecretEncrypted: text('webhook_secret_encrypted'),
    /** Shopify subscribed to this store's product webhooks (live updates). */
    liveUpdates: boolean('live_updates').notNull().default(false),
    connectedBy: text('connected_by').references(() => users.id, { onDelete: 'set null' }),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    syncStatus: text('sync_status', { enum: storeSyncStatuses }).$type<StoreSyncStatus>().notNull().default('idle'),
    syncError: text('sync_error'),
    /** The newest product `updatedAt` an import has finished with: the next import asks only for products changed since. */
    syncWatermark: timestamp('sync_watermark', { withTimezone: true }),
    /** The import's place in the catalogue (Shopify's cursor), so a restarted import goes on where it stopped. */
    syncCursor: text('sync_cursor'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_connections_workspace_unique').on(t.workspaceId),
    // Shopify's webhooks name the shop: the connections of that shop (one shop may serve several workspaces).
    index('store_connections_shop_idx').on(t.shopDomain),
    check('store_connections_platform_check', sql`${t.platform} in ${inList(storePlatforms)}`),
    check('store_connections_method_check', sql`${t.method} in ${inList(storeConnectMethods)}`),
    check('store_connections_sync_status_check', sql`${t.syncStatus} in ${inList(storeSyncStatuses)}`),
  ],
);

/** Klipt's copy of a store's product (title, status, tags… and its images below); removed with its connection. */
export const storeProducts = pgTable(
  'store_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => storeConnections.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    title: text('title').notNull(),
    handle: text('handle').notNull(),
    status: text('status', { enum: storeProductStatuses }).$type<StoreProductStatus>().notNull(),
    vendor: text('vendor').notNull().default(''),
    productType: text('product_type').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** The store's plain-text description (alt texts and the demo storefront use it). */
    description: text('description').notNull().default(''),
    externalUpdatedAt: timestamp('external_updated_at', { withTimezone: true }).notNull(),
    /** Deleted in the store (products/delete): kept so published klips keep their product, hidden from the picker. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_products_external_unique').on(t.connectionId, t.externalId),
    // The picker: a workspace's live products by title (keyset on title, id).
    index('store_products_workspace_title_idx')
      .on(t.workspaceId, t.title, t.id)
      .where(sql`${t.deletedAt} is null`),
    check('store_products_status_check', sql`${t.status} in ${inList(storeProductStatuses)}`),
  ],
);

/** A product's image as the store has it, and the product photo (upload) Klipt copied it into. */
export const storeProductImages = pgTable(
  'store_product_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => storeProducts.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    sourceUrl: text('source_url').notNull(),
    alt: text('alt'),
    position: integer('position').notNull(),
    uploadId: uuid('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** Why copying it failed (not an image, too large, unreachable); null when copied or not tried yet. */
    copyError: text('copy_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_product_images_external_unique').on(t.productId, t.externalId),
    // A klip's product photo back to its product (the publish dialog's default product).
    index('store_product_images_upload_idx').on(t.uploadId),
  ],
);

/** An OAuth install on its way: the `state` nonce, bound to the session that started it and its workspace. */
export const shopifyOAuthStates = pgTable('shopify_oauth_states', {
  nonce: text('nonce').primaryKey(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** SHA-256 of the session token that started it: another browser cannot finish it. */
  sessionHash: text('session_hash').notNull(),
  shopDomain: text('shop_domain').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Shopify webhooks received, by X-Shopify-Webhook-Id: each is processed once. */
export const shopifyWebhookEvents = pgTable(
  'shopify_webhook_events',
  {
    webhookId: text('webhook_id').primaryKey(),
    topic: text('topic').notNull(),
    shopDomain: text('shop_domain').notNull(),
    payload: jsonb('payload').notNull(),
    /**
     * Whose secret verified it: null for Klipt's Shopify app; else the connections whose custom app
     * signed it, and only they are acted on (a seller's custom app speaks for its own connection).
     */
    signedBy: jsonb('signed_by').$type<string[]>(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [index('shopify_webhook_events_received_idx').on(t.receivedAt)],
);

/**
 * Media published onto the demo store's products (the demo catalogue itself is code:
 * providers/stores/demo/catalogue.ts); one row per image, per workspace, so each workspace's demo
 * store is its own and 'Reset' deletes them.
 */
export const demoStoreMedia = pgTable(
  'demo_store_media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    productHandle: text('product_handle').notNull(),
    storageKey: text('storage_key').notNull(),
    /** The staged file's name (it carries the publication's marker, as Shopify's file URLs do). */
    fileName: text('file_name').notNull(),
    alt: text('alt').notNull(),
    /** Its place among the product's media; the featured image is first. */
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('demo_store_media_product_idx').on(t.workspaceId, t.productHandle, t.position)],
);
