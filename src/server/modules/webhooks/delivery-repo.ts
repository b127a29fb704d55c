import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
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
 * How long a claimed try may take before recovery counts it as lost with its process (the POST's
 * 10 s timeout and the bookkeeping fit well within it).
 */
export const ATTEMPT_LEASE_SECONDS = 120;

/**
 * Takes try number `attempt` of a pending delivery, once: the job that sent it may run twice, and a
 * resend or a scheduled retry may race for the same number; only one sees the row.
 */
export async function claimAttempt(db: DbOrTx, deliveryId: string, attempt: number): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    // Until the try is recorded, `next_attempt_at` is its lease: past it, recovery tries again.
    .set({ attempts: attempt, nextAttemptAt: sql`now() + make_interval(secs => ${ATTEMPT_LEASE_SECONDS})` })
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

/**
 * Pending deliveries whose next try is a minute overdue: a try that died with its process (its
 * lease ran out) or a queued try that was lost. Each is leased again in the same statement (so two
 * sweeps never take one) and returned with the try to make; a duplicate job is harmless, since a
 * try is claimed by its number.
 */
export async function leaseOverdueDeliveries(db: DbOrTx, limit = 100): Promise<{ id: string; attempt: number }[]> {
  const rows = await queryRows<{ id: string; attempts: number }>(
    db,
    sql`update webhook_deliveries set next_attempt_at = now() + make_interval(secs => ${ATTEMPT_LEASE_SECONDS})
        where id in (
          select id from webhook_deliveries
          where status = 'pending' and next_attempt_at < now() - interval '1 minute'
          order by next_attempt_at limit ${limit}
          for update skip locked)
        returning id, attempts`,
  );
  return rows.map((row) => ({ id: row.id, attempt: row.attempts + 1 }));
}
