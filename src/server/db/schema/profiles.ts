import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const userProfiles = pgTable('user_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  displayName: text('display_name').notNull(),
  /** Storage key of the avatar; the public URL is derived from it. */
  avatarKey: text('avatar_key'),
  twitterUrl: text('twitter_url'),
  instagramUrl: text('instagram_url'),
  tiktokUrl: text('tiktok_url'),
  websiteUrl: text('website_url'),
  location: text('location'),
  bio: text('bio'),
  occupation: text('occupation'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userRoleValues = ['super_admin'] as const;

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: userRoleValues }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), check('user_roles_role_check', sql`${t.role} in ('super_admin')`)],
);
