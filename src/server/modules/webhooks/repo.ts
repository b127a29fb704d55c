import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { WebhookEventType } from '#contracts/webhooks.ts';
import type { DbOrTx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { keysetTimestamp } from '../../db/sql-text.ts';
import { cutPage, decodeCursor } from '../../lib/keyset-cursor.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export const DELIVERY_PAGE_SIZE = 20;

export async function listEndpointRows(db: DbOrTx, workspaceId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, workspaceId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function findEndpoint(db: DbOrTx, workspaceId: string, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id)));
  return row;
}

export async function countEndpoints(db: DbOrTx, workspaceId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, workspaceId));
  return row?.n ?? 0;
}

export async function insertEndpoint(db: DbOrTx, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function updateEndpointRow(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  set: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id)))
    .returning();
  return row;
}

export async function deleteEndpointRow(db: DbOrTx, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** The endpoints an event of the workspace goes to (one indexed read; none for most workspaces). */
export async function enabledEndpoints(db: DbOrTx, workspaceId: string): Promise<Array<{ id: string; events: WebhookEventType[] }>> {
  return db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.enabled, true)));
}

/** One delivery per endpoint and event: an event already recorded for an endpoint is skipped. Returns the new ones' ids. */
export async function insertDeliveries(db: DbOrTx, values: Array<typeof webhookDeliveries.$inferInsert>): Promise<string[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(webhookDeliveries)
    // The first try is due now; if its job were lost, recovery would send it (leaseOverdueDeliveries).
    .values(values.map((v) => ({ nextAttemptAt: sql`now()`, ...v })))
    .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.eventKey] })
    .returning({ id: webhookDeliveries.id });
  return rows.map((row) => row.id);
}

export async function findDelivery(db: DbOrTx, endpointId: string, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)));
  return row;
}

/** An endpoint's log, newest first (webhook_deliveries_endpoint_created_idx), keyset on (created_at, id). */
export async function deliveryPage(db: DbOrTx, endpointId: string, cursor: string | undefined) {
  const after = cursor ? decodeCursor(cursor, 'webhook-deliveries') : null;
  const rows = await db
    .select({ delivery: webhookDeliveries, createdAtKey: keysetTimestamp(sql`${webhookDeliveries.createdAt}`).mapWith(String) })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        after ? sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_PAGE_SIZE + 1);
  const { page, nextCursor } = cutPage(rows, DELIVERY_PAGE_SIZE, 'webhook-deliveries', (last) => [last.createdAtKey, last.delivery.id]);
  return { rows: page.map((row) => row.delivery), nextCursor };
}

/** Deliveries still waiting for a try stop (the endpoint was switched off): failed, with `error`. */
export async function stopPendingDeliveries(db: DbOrTx, endpointId: string, error: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, lastError: error })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
}
