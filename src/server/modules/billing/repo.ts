import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { endedSubscriptionStatuses, type CheckoutState } from '#contracts/billing.ts';
import type { PlanId } from '#contracts/plans.ts';
import type { DbOrTx } from '../../db/client.ts';
import { billingCheckouts, billingCustomers, billingEvents, billingInvoices, subscriptions, users } from '../../db/schema/index.ts';
import type { SubscriptionSnapshot } from '../../providers/payments/payment-provider.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CheckoutRow = typeof billingCheckouts.$inferSelect;

/** The per-workspace billing lock: one workspace's payments, plan changes and moves run one after another (ADR 0014). */
export async function lockWorkspaceBilling(db: DbOrTx, workspaceId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing:${workspaceId}`}))`);
}

export async function findUserEmail(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

export async function findUserIdByEmail(db: DbOrTx, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  return row?.id;
}

export async function findCustomerId(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: billingCustomers.customerId }).from(billingCustomers).where(eq(billingCustomers.userId, userId));
  return row?.id;
}

export async function findUserOfCustomer(db: DbOrTx, customerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(eq(billingCustomers.customerId, customerId));
  return row?.userId;
}

/** Links a provider customer to a user once; the first link stays. */
export async function linkCustomer(db: DbOrTx, userId: string, customerId: string): Promise<void> {
  await db.insert(billingCustomers).values({ userId, customerId }).onConflictDoNothing();
}

/** The workspace's newest subscription, ended or not. */
export async function latestSubscription(db: DbOrTx, workspaceId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, workspaceId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  return row;
}

/** The workspace's subscription that has not ended, if any: while it exists no second one may start. */
export async function liveSubscription(db: DbOrTx, workspaceId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.workspaceId, workspaceId), notInArray(subscriptions.status, [...endedSubscriptionStatuses])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

export async function findSubscription(db: DbOrTx, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

/** Writes the provider's current state of a subscription (insert or replace). */
export async function saveSubscription(
  db: DbOrTx,
  owner: { userId: string; workspaceId: string },
  planId: PlanId,
  snapshot: SubscriptionSnapshot,
): Promise<void> {
  const values = {
    workspaceId: owner.workspaceId,
    customerId: snapshot.customerId,
    planId,
    status: snapshot.status,
    currentPeriodStart: snapshot.currentPeriodStart,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    endedAt: snapshot.endedAt,
    updatedAt: sql`now()`,
  };
  await db
    .insert(subscriptions)
    .values({ id: snapshot.id, userId: owner.userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.id, set: values });
}

export async function insertCheckout(db: DbOrTx, row: { id: string; userId: string; workspaceId: string; planId: PlanId }): Promise<void> {
  await db.insert(billingCheckouts).values(row);
}

/** A workspace's open checkouts. */
export async function openCheckouts(db: DbOrTx, workspaceId: string): Promise<CheckoutRow[]> {
  return db
    .select()
    .from(billingCheckouts)
    .where(and(eq(billingCheckouts.workspaceId, workspaceId), eq(billingCheckouts.status, 'open')));
}

export async function findCheckout(db: DbOrTx, id: string): Promise<CheckoutRow | undefined> {
  const [row] = await db.select().from(billingCheckouts).where(eq(billingCheckouts.id, id));
  return row;
}

/** Closes an open checkout; false when it was not open any more (someone else closed it first). */
export async function closeCheckout(
  db: DbOrTx,
  id: string,
  to: { status: 'completed'; subscriptionId: string } | { status: 'canceled' | 'expired' },
): Promise<boolean> {
  const rows = await db
    .update(billingCheckouts)
    .set({
      status: to.status,
      ...(to.status === 'completed' ? { subscriptionId: to.subscriptionId, completedAt: sql`now()` } : {}),
    })
    .where(and(eq(billingCheckouts.id, id), eq(billingCheckouts.status, 'open')))
    .returning({ id: billingCheckouts.id });
  return rows.length > 0;
}

/** Whether a paid invoice of this subscription granted credits yet. */
export async function subscriptionWasCredited(db: DbOrTx, subscriptionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: billingInvoices.id })
    .from(billingInvoices)
    .where(eq(billingInvoices.subscriptionId, subscriptionId))
    .limit(1);
  return row !== undefined;
}

export function checkoutState(row: CheckoutRow, credited: boolean, credits: number, balance: number): CheckoutState {
  return { id: row.id, planId: row.planId, status: row.status, credited, credits, balance };
}

/** The subscription now pays for another workspace: its next invoices grant there. */
export async function moveSubscriptionRow(db: DbOrTx, id: string, workspaceId: string): Promise<void> {
  await db
    .update(subscriptions)
    .set({ workspaceId, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, id));
}

/** Stores an event once per id; false for a repeated delivery. */
export async function insertBillingEvent(db: DbOrTx, event: { id: string; type: string; payload: unknown }): Promise<boolean> {
  const rows = await db.insert(billingEvents).values(event).onConflictDoNothing().returning({ id: billingEvents.id });
  return rows.length > 0;
}

export async function findBillingEvent(db: DbOrTx, id: string) {
  const [row] = await db.select().from(billingEvents).where(eq(billingEvents.id, id));
  return row;
}

export async function markEventProcessed(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(billingEvents)
    .set({ processedAt: sql`now()` })
    .where(eq(billingEvents.id, id));
}

export async function insertInvoice(db: DbOrTx, row: typeof billingInvoices.$inferInsert): Promise<boolean> {
  const rows = await db.insert(billingInvoices).values(row).onConflictDoNothing().returning({ id: billingInvoices.id });
  return rows.length > 0;
}
