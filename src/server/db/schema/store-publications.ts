import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { publicationStatuses, type PublicationStatus } from '#contracts/stores.ts';
import { users } from './auth.ts';
import { batches } from './batches.ts';
import { klips } from './klips.ts';
import { inList } from './sql-helpers.ts';
import { storeConnections, storeProducts } from './stores.ts';
import { workspaces } from './workspaces.ts';

/**
 * A klip published onto a store product as media: one durable job (`publish-to-store`), once per
 * klip and product and connection (the unique index), with Shopify's media id once it is there.
 * `stage` records how far a try got, so a try after a crash checks the product's media before
 * adding the image again.
 */
export const storePublications = pgTable(
  'store_publications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => storeConnections.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => storeProducts.id, { onDelete: 'cascade' }),
    klipId: uuid('klip_id')
      .notNull()
      .references(() => klips.id, { onDelete: 'cascade' }),
    batchId: uuid('batch_id').references(() => batches.id, { onDelete: 'set null' }),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    featured: boolean('featured').notNull().default(false),
    status: text('status', { enum: publicationStatuses }).$type<PublicationStatus>().notNull().default('queued'),
    /** 'attaching': the image may have reached the product; a new try looks for it there first. */
    stage: text('stage', { enum: ['new', 'attaching'] })
      .notNull()
      .default('new'),
    attempts: integer('attempts').notNull().default(0),
    /** Until when the running try holds it (a try past it was lost; recovery queues another). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    mediaId: text('media_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_publications_once_unique').on(t.connectionId, t.klipId, t.productId),
    index('store_publications_klip_idx').on(t.klipId, t.createdAt),
    index('store_publications_batch_idx').on(t.batchId, t.createdAt),
    // Recovery's sweep: publications whose try was lost.
    index('store_publications_unfinished_idx')
      .on(t.leaseUntil)
      .where(sql`${t.status} in ('queued', 'publishing')`),
    check('store_publications_status_check', sql`${t.status} in ${inList(publicationStatuses)}`),
    check('store_publications_stage_check', sql`${t.stage} in ('new', 'attaching')`),
  ],
);
