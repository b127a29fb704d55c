import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** The Known Issues panel of God Mode, stored so it survives reloads. */
export const knownIssues = pgTable(
  'known_issues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    text: text('text').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('known_issues_created_idx').on(t.createdAt.desc())],
);

/** Platform activity for God Mode; the UI shows the latest 100. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    message: text('message').notNull(),
    details: jsonb('details'),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_log_created_idx').on(t.createdAt.desc()),
    // God Mode's type filter: the latest entries of one type.
    index('activity_log_type_created_idx').on(t.type, t.createdAt.desc()),
  ],
);

/** Fixed-window counters for rate limits, shared by every API instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);
