import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { AdLayoutId, AdSizeId } from '#contracts/ad-formats.ts';
import type { ExportPresetId } from '#contracts/exports.ts';
import { users } from './auth.ts';
import { workspaces } from './workspaces.ts';
import { brandKits } from './brand-kits.ts';
import { generationJobs, uploads } from './generation.ts';
import { adSets } from './klips.ts';
import { savedLooks, type AdTextsValue } from './looks.ts';
import { storeProducts } from './stores.ts';

/**
 * One look run over many product photos (docs/product-rules.md#batches): what was asked, once.
 * Its state is its items' jobs; `cancelledAt` marks a batch whose unstarted items were refunded.
 */
export const batches = pgTable(
  'batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The workspace it belongs to; `user_id` is the member who made it. */
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    modelType: text('model_type', { enum: ['standard', 'trained'] }).notNull(),
    modelId: uuid('model_id').notNull(),
    modelName: text('model_name').notNull(),
    prompt: text('prompt').notNull(),
    aspectRatio: text('aspect_ratio').notNull(),
    backgroundUploadId: uuid('background_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    itemCount: integer('item_count').notNull(),
    costPerItem: integer('cost_per_item').notNull(),
    /** The kit its items are made with (and their ads). */
    brandKitId: uuid('brand_kit_id').references(() => brandKits.id, { onDelete: 'set null' }),
    /** The saved look it was started with; what the look held is copied below, so editing it changes nothing here. */
    lookId: uuid('look_id').references(() => savedLooks.id, { onDelete: 'set null' }),
    adLayout: text('ad_layout').$type<AdLayoutId>(),
    adTexts: jsonb('ad_texts').$type<AdTextsValue>().notNull().default({}),
    /** The ad sizes made for every item (none: no ads). */
    adSizes: jsonb('ad_sizes').$type<AdSizeId[]>().notNull().default([]),
    /** The export presets its ZIP holds a folder of. */
    exportPresets: jsonb('export_presets').$type<ExportPresetId[]>().notNull().default([]),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('batches_item_count_check', sql`${t.itemCount} between 1 and 50`),
    // The dashboard's list, newest first, keyset on (created_at, id).
    index('batches_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index('batches_user_idx').on(t.userId),
  ],
);

/** One product photo of a batch and the job that makes its klip (the latest, when retried). */
export const batchItems = pgTable(
  'batch_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    uploadId: uuid('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** The product photo's file name as the seller had it (ZIP entries are named after it). */
    fileName: text('file_name').notNull(),
    /** The store product it was picked from (docs/product-rules.md#store-sync): 'Publish all' puts its klip back there. */
    storeProductId: uuid('store_product_id').references(() => storeProducts.id, { onDelete: 'set null' }),
    jobId: uuid('job_id').references(() => generationJobs.id, { onDelete: 'set null' }),
    /** The ads made for its klip (a batch with ad sizes); set once, so a retried ad job makes no second set. */
    adSetId: uuid('ad_set_id').references(() => adSets.id, { onDelete: 'set null' }),
    /** When making its ads last failed (cleared when they are made). */
    adsFailedAt: timestamp('ads_failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('batch_items_position_unique').on(t.batchId, t.position), index('batch_items_job_idx').on(t.jobId)],
);
