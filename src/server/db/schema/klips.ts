import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  type AnyPgColumn,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { adLayoutIds, adSizeIds, type AdSizeId, type AdTextField } from '#contracts/ad-formats.ts';
import { klipSources, klipTypes, voteTypes } from '#contracts/klip-kinds.ts';
import { users } from './auth.ts';
import { brandKits } from './brand-kits.ts';
import { workspaces } from './workspaces.ts';
import { inList } from './sql-helpers.ts';

/** A klip: a generated image or video (the spec's saved_images). */
export const klips = pgTable(
  'klips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The workspace it belongs to; `user_id` is the member who made it. */
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    klipType: text('klip_type', { enum: klipTypes }).notNull(),
    /** Storage keys; URLs are derived from them so storage can move behind a CDN. */
    mediaKey: text('media_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    posterKey: text('poster_key'),
    mimeType: text('mime_type').notNull(),
    width: integer('width'),
    height: integer('height'),
    prompt: text('prompt').notNull(),
    modelName: text('model_name').notNull(),
    source: text('source', { enum: klipSources }).notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    archivedCount: integer('archived_count').notNull().default(0),
    oneStarCount: integer('one_star_count').notNull().default(0),
    twoStarsCount: integer('two_stars_count').notNull().default(0),
    heartCount: integer('heart_count').notNull().default(0),
    superlikeCount: integer('superlike_count').notNull().default(0),
    upvotes: integer('upvotes').notNull().default(0),
    downvotes: integer('downvotes').notNull().default(0),
    /** All-time weighted votes, maintained with the counters; orders "Top Rated". */
    ratingScore: integer('rating_score').notNull().default(0),
    generationJobId: uuid('generation_job_id'),
    /** The brand kit it was made with (on-brand generation, ads); kept as null when the kit is deleted. */
    brandKitId: uuid('brand_kit_id').references(() => brandKits.id, { onDelete: 'set null' }),
    /** An ad: the set it was made in and the size it is (docs/product-rules.md#ad-creatives). */
    adSetId: uuid('ad_set_id').references(() => adSets.id, { onDelete: 'set null' }),
    adSize: text('ad_size', { enum: adSizeIds }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('klips_type_check', sql`${t.klipType} in ${inList(klipTypes)}`),
    check('klips_ad_size_check', sql`${t.adSize} is null or ${t.adSize} in ${inList(adSizeIds)}`),
    // Deleting a brand kit clears it from its klips without reading the whole table.
    index('klips_brand_kit_idx')
      .on(t.brandKitId)
      .where(sql`${t.brandKitId} is not null`),
    // The klips of one set of ads (its ZIP).
    index('klips_ad_set_idx')
      .on(t.adSetId)
      .where(sql`${t.adSetId} is not null`),
    check('klips_source_check', sql`${t.source} in ${inList(klipSources)}`),
    check(
      'klips_counts_check',
      sql`${t.archivedCount} >= 0 and ${t.oneStarCount} >= 0 and ${t.twoStarsCount} >= 0 and ${t.heartCount} >= 0 and ${t.superlikeCount} >= 0 and ${t.upvotes} >= 0 and ${t.downvotes} >= 0`,
    ),
    uniqueIndex('klips_generation_job_unique').on(t.generationJobId),
    // Newest-first pages of one workspace's library (dashboard), optionally by type.
    index('klips_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index('klips_workspace_type_created_idx').on(t.workspaceId, t.klipType, t.createdAt.desc(), t.id.desc()),
    // A maker's klips (public profiles, account deletion).
    index('klips_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // Public collection: latest, by type, top rated, most hearts.
    index('klips_public_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isPublic}`),
    index('klips_public_type_created_idx')
      .on(t.klipType, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isPublic}`),
    index('klips_public_rating_idx')
      .on(t.ratingScore.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isPublic}`),
    // God Mode: everything newest first.
    index('klips_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * A set of ads made at once from one image klip (docs/product-rules.md#ad-creatives): its layout,
 * texts and kit; each size is a klip of its own with `ad_set_id` set.
 */
export const adSets = pgTable(
  'ad_sets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The member who made them. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    sourceKlipId: uuid('source_klip_id').references((): AnyPgColumn => klips.id, { onDelete: 'set null' }),
    brandKitId: uuid('brand_kit_id').references(() => brandKits.id, { onDelete: 'set null' }),
    layout: text('layout', { enum: adLayoutIds }).notNull(),
    texts: jsonb('texts').$type<Partial<Record<AdTextField, string | null>>>().notNull(),
    sizes: jsonb('sizes').$type<AdSizeId[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ad_sets_layout_check', sql`${t.layout} in ${inList(adLayoutIds)}`),
    index('ad_sets_source_klip_idx')
      .on(t.sourceKlipId)
      .where(sql`${t.sourceKlipId} is not null`),
    index('ad_sets_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
  ],
);

/** One vote per user per klip, changeable (spec's user_votes). */
export const klipVotes = pgTable(
  'klip_votes',
  {
    klipId: uuid('klip_id')
      .notNull()
      .references(() => klips.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    voteType: text('vote_type', { enum: voteTypes }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.klipId, t.userId] }),
    check('klip_votes_type_check', sql`${t.voteType} in ${inList(voteTypes)}`),
    index('klip_votes_user_idx').on(t.userId),
    // "Trending": hearts received in the last 7 days.
    index('klip_votes_type_updated_idx').on(t.voteType, t.updatedAt.desc()),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tags_name_lower_unique').on(sql`lower(${t.name})`),
    check('tags_name_check', sql`length(btrim(${t.name})) between 1 and 40`),
  ],
);

export const klipTags = pgTable(
  'klip_tags',
  {
    klipId: uuid('klip_id')
      .notNull()
      .references(() => klips.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.klipId, t.tagId] }), index('klip_tags_tag_idx').on(t.tagId, t.klipId)],
);

/** Generation settings of a klip as key/value rows (the spec's model_attributes). */
export const klipAttributes = pgTable(
  'klip_attributes',
  {
    klipId: uuid('klip_id')
      .notNull()
      .references(() => klips.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.klipId, t.name] })],
);
