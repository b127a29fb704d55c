import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { checkoutStatuses, subscriptionStatuses } from '#contracts/billing.ts';
import { planIds } from '#contracts/plans.ts';
import { users } from './auth.ts';
import { workspaces } from './workspaces.ts';
import { inList } from './sql-helpers.ts';

/** A user's customer at the payment provider (Stripe `cus_…` or the sandbox's), reused for every checkout. */
export const billingCustomers = pgTable('billing_customers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull().unique('billing_customers_customer_unique'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Subscriptions as the provider last reported them (re-read on every event, so the order events
 * arrive in does not matter). The user's current one is their newest.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The workspace it belongs to; `user_id` is the member who made it. */
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    planId: text('plan_id', { enum: planIds }).notNull(),
    status: text('status', { enum: subscriptionStatuses }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('subscriptions_plan_check', sql`${t.planId} in ${inList(planIds)}`),
    check('subscriptions_status_check', sql`${t.status} in ${inList(subscriptionStatuses)}`),
    index('subscriptions_user_created_idx').on(t.userId, t.createdAt.desc()),
    // A workspace's plan: its newest subscription.
    index('subscriptions_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
  ],
);

/** Checkouts Klipt started: the success page asks whether theirs completed and was credited. */
export const billingCheckouts = pgTable(
  'billing_checkouts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The workspace it belongs to; `user_id` is the member who made it. */
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    planId: text('plan_id', { enum: planIds }).notNull(),
    status: text('status', { enum: checkoutStatuses }).notNull().default('open'),
    subscriptionId: text('subscription_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    check('billing_checkouts_plan_check', sql`${t.planId} in ${inList(planIds)}`),
    check('billing_checkouts_status_check', sql`${t.status} in ${inList(checkoutStatuses)}`),
    index('billing_checkouts_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** Every provider event received, once per id (deliveries repeat); a job processes each. */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [index('billing_events_received_idx').on(t.receivedAt.desc())],
);

/** Paid invoices that granted credits: one row per invoice, written with its ledger row. */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The workspace it belongs to; `user_id` is the member who made it. */
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id').notNull(),
    planId: text('plan_id', { enum: planIds }).notNull(),
    credits: integer('credits').notNull(),
    billingReason: text('billing_reason').notNull(),
    amountPaid: integer('amount_paid').notNull(),
    currency: text('currency').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('billing_invoices_subscription_idx').on(t.subscriptionId),
    index('billing_invoices_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('billing_invoices_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
  ],
);

/**
 * The built-in sandbox's own subscriptions: what Stripe would hold, kept by Klipt when no payment
 * provider is configured. Klipt reads them through the same provider interface as Stripe's.
 */
export const sandboxSubscriptions = pgTable(
  'sandbox_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The workspace it pays for (Stripe keeps it in the subscription's metadata). */
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    planId: text('plan_id', { enum: planIds }).notNull(),
    status: text('status', { enum: subscriptionStatuses }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_subscriptions_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('sandbox_subscriptions_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
  ],
);
