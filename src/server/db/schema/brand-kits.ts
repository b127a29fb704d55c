import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BrandColor, FontChoice } from '#contracts/brand-kits.ts';
import { users } from './auth.ts';
import { inList } from './sql-helpers.ts';
import { workspaces } from './workspaces.ts';

export const brandFontFormats = ['ttf', 'otf', 'woff2'] as const;

/**
 * A workspace's brand kit (docs/product-rules.md#brand-kits): colours, fonts, voice and logos.
 * Logos are stored as rasters only (an uploaded SVG is rasterised first); their keys are private files.
 */
export const brandKits = pgTable(
  'brand_kits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    colors: jsonb('colors').$type<BrandColor[]>().notNull(),
    headingFont: jsonb('heading_font').$type<FontChoice>().notNull(),
    bodyFont: jsonb('body_font').$type<FontChoice>().notNull(),
    voice: text('voice'),
    avoidWords: jsonb('avoid_words').$type<string[]>().notNull(),
    lightLogoKey: text('light_logo_key'),
    lightLogoWidth: integer('light_logo_width'),
    lightLogoHeight: integer('light_logo_height'),
    darkLogoKey: text('dark_logo_key'),
    darkLogoWidth: integer('dark_logo_width'),
    darkLogoHeight: integer('dark_logo_height'),
    /** The member who made the kit. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // At most one default kit per workspace; the service keeps exactly one while the workspace has kits.
    uniqueIndex('brand_kits_one_default_unique')
      .on(t.workspaceId)
      .where(sql`${t.isDefault}`),
    index('brand_kits_workspace_created_idx').on(t.workspaceId, t.createdAt),
  ],
);

/** A font a workspace uploaded for its kits: the original file, checked by parsing it. */
export const brandFonts = pgTable(
  'brand_fonts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The family name read from the file. */
    family: text('family').notNull(),
    fileName: text('file_name').notNull(),
    format: text('format', { enum: brandFontFormats }).notNull(),
    storageKey: text('storage_key').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    /** The member who uploaded it. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('brand_fonts_format_check', sql`${t.format} in ${inList(brandFontFormats)}`),
    index('brand_fonts_workspace_created_idx').on(t.workspaceId, t.createdAt),
  ],
);
