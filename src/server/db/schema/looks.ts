import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { adLayoutIds, type AdLayoutId, type AdSizeId, type AdTextField } from '#contracts/ad-formats.ts';
import type { ExportPresetId } from '#contracts/exports.ts';
import { users } from './auth.ts';
import { brandKits } from './brand-kits.ts';
import { uploads } from './generation.ts';
import { inList } from './sql-helpers.ts';
import { workspaces } from './workspaces.ts';

export type AdTextsValue = Partial<Record<AdTextField, string | null>>;

/**
 * A workspace's saved look (docs/product-rules.md#saved-looks): what a batch is made with and the
 * ads made for each of its items. A batch copies it when it starts, so editing a look changes no batch.
 */
export const savedLooks = pgTable(
  'saved_looks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The member who saved it. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    modelType: text('model_type', { enum: ['standard', 'trained'] }).notNull(),
    modelId: uuid('model_id').notNull(),
    prompt: text('prompt').notNull(),
    backgroundUploadId: uuid('background_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    brandKitId: uuid('brand_kit_id').references(() => brandKits.id, { onDelete: 'set null' }),
    adLayout: text('ad_layout', { enum: adLayoutIds }).$type<AdLayoutId>(),
    adTexts: jsonb('ad_texts').$type<AdTextsValue>().notNull(),
    adSizes: jsonb('ad_sizes').$type<AdSizeId[]>().notNull(),
    exportPresets: jsonb('export_presets').$type<ExportPresetId[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('saved_looks_ad_layout_check', sql`${t.adLayout} is null or ${t.adLayout} in ${inList(adLayoutIds)}`),
    // One name per workspace, whatever its case.
    uniqueIndex('saved_looks_workspace_name_unique').on(t.workspaceId, sql`lower(${t.name})`),
  ],
);
