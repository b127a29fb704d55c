import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Image prompt inspirations ("kliptspirations"). */
export const kliptspirations = pgTable(
  'kliptspirations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    prompt: text('prompt').notNull(),
    category: text('category').notNull(),
    subcategory: text('subcategory'),
    imageKey: text('image_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kliptspirations_active_idx').on(t.isActive, t.category, t.subcategory, t.createdAt.desc())],
);

export const videoKliptspirations = pgTable(
  'video_kliptspirations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    prompt: text('prompt').notNull(),
    category: text('category').notNull(),
    subcategory: text('subcategory'),
    videoKey: text('video_key').notNull(),
    posterKey: text('poster_key'),
    effect: text('effect').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('video_kliptspirations_active_idx').on(t.isActive, t.category, t.subcategory, t.createdAt.desc())],
);
