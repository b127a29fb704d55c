import { and, desc, eq, inArray } from 'drizzle-orm';
import type { SubscriptionStatus } from '#contracts/billing.ts';
import type { PlanOrNone } from '#contracts/entitlements.ts';
import type { DbOrTx } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';

/**
 * The subscription states in which a plan's entitlements hold: paid, trialling, or in the grace of a
 * failed renewal that Stripe still retries. Any other state (cancelled, unpaid, paused, expired) has
 * lapsed: features lock, data stays (docs/product-rules.md#workspaces).
 */
export const entitledStatuses: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

/** The plan a workspace is on: its newest subscription in an entitled state, or none. */
export async function workspacePlan(db: DbOrTx, workspaceId: string): Promise<PlanOrNone> {
  const [row] = await db
    .select({ planId: subscriptions.planId })
    .from(subscriptions)
    .where(and(eq(subscriptions.workspaceId, workspaceId), inArray(subscriptions.status, [...entitledStatuses])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row?.planId ?? null;
}
