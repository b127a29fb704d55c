import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { creditTransactionTypes } from '#contracts/credits.ts';
import { users } from './auth.ts';
import { workspaces } from './workspaces.ts';
import { inList } from './sql-helpers.ts';

/**
 * The append-only credit ledger: a balance is the sum of a user's rows. `reference` names what a
 * row is for (a job, an invoice, the welcome grant) and is unique per type, which makes every
 * grant, charge and refund idempotent.
 */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The workspace it belongs to; `user_id` is the member who made it. */
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    type: text('type', { enum: creditTransactionTypes }).notNull(),
    reference: text('reference'),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('credit_transactions_type_check', sql`${t.type} in ${inList(creditTransactionTypes)}`),
    check('credit_transactions_amount_check', sql`${t.amount} <> 0`),
    check(
      'credit_transactions_sign_check',
      sql`(${t.type} in ('grant', 'purchase', 'refund') and ${t.amount} > 0) or (${t.type} = 'usage' and ${t.amount} < 0) or ${t.type} = 'adjustment'`,
    ),
    uniqueIndex('credit_transactions_type_reference_unique').on(t.type, t.reference),
    index('credit_transactions_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
    // God Mode's usage per member in one index-only pass (and the user foreign key's cascade).
    index('credit_transactions_user_type_amount_idx').on(t.userId, t.type, t.amount),
    index('credit_transactions_type_created_idx').on(t.type, t.createdAt.desc()),
    // Balances, and God Mode's credit statistics: every workspace's balance and usage in one index-only pass.
    index('credit_transactions_workspace_type_amount_idx').on(t.workspaceId, t.type, t.amount),
  ],
);
