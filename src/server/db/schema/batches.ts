import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { workspaces } from './workspaces.ts';
import { generationJobs, uploads } from './generation.ts';

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
    jobId: uuid('job_id').references(() => generationJobs.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('batch_items_position_unique').on(t.batchId, t.position), index('batch_items_job_idx').on(t.jobId)],
);
