import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { generationKinds, generationStatuses } from '#contracts/job-kinds.ts';
import { users } from './auth.ts';
import { workspaces } from './workspaces.ts';
import { klips } from './klips.ts';
import { inList } from './sql-helpers.ts';

/** A durable generation job: what was asked, what it cost, where it is, what it made. */
export const generationJobs = pgTable(
  'generation_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The workspace it belongs to; `user_id` is the member who made it. */
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: generationKinds }).notNull(),
    status: text('status', { enum: generationStatuses }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    step: integer('step').notNull().default(0),
    provider: text('provider').notNull(),
    modelName: text('model_name').notNull(),
    input: jsonb('input').notNull(),
    cost: integer('cost').notNull(),
    attempts: integer('attempts').notNull().default(0),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    klipId: uuid('klip_id').references(() => klips.id, { onDelete: 'set null' }),
    /** Variations asked for in one request share a group; `variation` is the 0-based place in it. */
    groupId: uuid('group_id'),
    variation: integer('variation'),
    /** The batch item this job makes (a retried item has several jobs; the item points at the latest). */
    batchItemId: uuid('batch_item_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('generation_jobs_kind_check', sql`${t.kind} in ${inList(generationKinds)}`),
    check('generation_jobs_status_check', sql`${t.status} in ${inList(generationStatuses)}`),
    check('generation_jobs_progress_check', sql`${t.progress} between 0 and 100`),
    check('generation_jobs_cost_check', sql`${t.cost} >= 0`),
    index('generation_jobs_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
    index('generation_jobs_user_created_idx').on(t.userId, t.createdAt.desc()),
    // God Mode: generations per day and active users over a recent window.
    index('generation_jobs_created_idx').on(t.createdAt),
    index('generation_jobs_unfinished_idx')
      .on(t.status, t.updatedAt)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('generation_jobs_group_idx')
      .on(t.groupId, t.variation)
      .where(sql`${t.groupId} is not null`),
    // The API's running-generations limit per workspace (docs/api.md#limits).
    index('generation_jobs_workspace_unfinished_idx')
      .on(t.workspaceId)
      .where(sql`${t.status} in ('waiting', 'queued', 'running') and ${t.batchItemId} is null`),
    // The job dispatcher and the unfinished cap: a user's jobs still to start or running, by kind.
    index('generation_jobs_user_pending_idx')
      .on(t.userId, t.kind, t.status, t.createdAt)
      .where(sql`${t.status} in ('waiting', 'queued', 'running')`),
  ],
);

/** Files a user uploaded as generation inputs; a job may only use its owner's uploads. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The workspace it belongs to; `user_id` is the member who made it. */
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    key: text('key').notNull().unique('uploads_key_unique'),
    mimeType: text('mime_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    originalName: text('original_name'),
    /** A small WebP for grids (a batch's product photos); null for uploads made before it existed. */
    thumbnailKey: text('thumbnail_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()), index('uploads_user_idx').on(t.userId)],
);
