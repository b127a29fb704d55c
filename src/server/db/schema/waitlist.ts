import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { expectedPlans, waitlistRoles, waitlistStatuses } from '#contracts/waitlist.ts';
import { inList } from './sql-helpers.ts';

export const waitlist = pgTable(
  'waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull().unique('waitlist_email_unique'),
    phoneNumber: text('phone_number'),
    role: text('role', { enum: waitlistRoles }),
    company: text('company'),
    linkedinUrl: text('linkedin_url'),
    imageNeeds: text('image_needs'),
    expectedPlan: text('expected_plan', { enum: expectedPlans }),
    score: smallint('score').notNull().default(0),
    status: text('status', { enum: waitlistStatuses }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('waitlist_email_lowercase_check', sql`${t.email} = lower(${t.email})`),
    check('waitlist_role_check', sql`${t.role} is null or ${t.role} in ${inList(waitlistRoles)}`),
    check('waitlist_expected_plan_check', sql`${t.expectedPlan} is null or ${t.expectedPlan} in ${inList(expectedPlans)}`),
    check('waitlist_status_check', sql`${t.status} in ${inList(waitlistStatuses)}`),
    check('waitlist_score_check', sql`${t.score} between 0 and 21`),
    index('waitlist_status_score_idx').on(t.status, t.score.desc(), t.createdAt),
    index('waitlist_created_at_idx').on(t.createdAt.desc()),
    // God Mode's "all statuses by score" (waitlist_status_score_idx serves one status).
    index('waitlist_score_idx').on(t.score.desc(), t.createdAt),
  ],
);
