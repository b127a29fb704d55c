import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, webhookAttempts, webhookDeliveries, webhookEndpoints, workspaceMembers, workspaces } from '../../db/schema/index.ts';
import type { DeliveryRow, EndpointRow } from './repo.ts';

/** A delivery with its endpoint (the URL and secret of the next try). */
export async function deliveryWithEndpoint(
  db: DbOrTx,
  deliveryId: string,
): Promise<{ delivery: DeliveryRow; endpoint: EndpointRow } | undefined> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row;
}

/**
 * Takes try number `attempt` of a pending delivery, once: the job that sent it may run twice, and a
 * resend or a scheduled retry may race for the same number; only one sees the row.
 */
export async function claimAttempt(db: DbOrTx, deliveryId: string, attempt: number): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ attempts: attempt, nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending'), eq(webhookDeliveries.attempts, attempt - 1)))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

export interface AttemptResult {
  at: Date;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** Writes a try to the log and the delivery's latest outcome (status 'pending' with nextAttemptAt: a retry is scheduled). */
export async function recordAttempt(
  db: DbOrTx,
  deliveryId: string,
  result: AttemptResult,
  next: { status: DeliveryRow['status']; nextAttemptAt: Date | null },
): Promise<void> {
  await db.insert(webhookAttempts).values({
    deliveryId,
    attemptedAt: result.at,
    statusCode: result.statusCode,
    durationMs: result.durationMs,
    error: result.error,
  });
  await db
    .update(webhookDeliveries)
    .set({
      status: next.status,
      nextAttemptAt: next.nextAttemptAt,
      lastStatusCode: result.statusCode,
      lastDurationMs: result.durationMs,
      lastError: result.error,
      lastAttemptAt: result.at,
    })
    .where(eq(webhookDeliveries.id, deliveryId));
}

/** A delivery that will not be tried (its endpoint is off): failed, with why. */
export async function stopDelivery(db: DbOrTx, deliveryId: string, error: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, lastError: error })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending')));
}

export async function markEndpointHealthy(db: DbOrTx, endpointId: string): Promise<void> {
  await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpointId));
}

/** The endpoint has been failing since the first failure after its last success (kept when already set). */
export async function markEndpointFailing(db: DbOrTx, endpointId: string, at: Date): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: at })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.failingSince)));
}

/** Switches the endpoint off when it has been failing since `before` or earlier; the row only for the call that did it. */
export async function disableIfFailingSince(db: DbOrTx, endpointId: string, before: Date, at: Date): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: 'failing', disabledAt: at, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true), lte(webhookEndpoints.failingSince, before)))
    .returning();
  return row;
}

/** Who hears about the workspace's endpoints: its owner's address and the workspace's name. */
export async function workspaceOwner(db: DbOrTx, workspaceId: string): Promise<{ email: string; workspaceName: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, workspaceName: workspaces.name })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')))
    .limit(1);
  return row;
}
