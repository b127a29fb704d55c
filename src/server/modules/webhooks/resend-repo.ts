import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { webhookDeliveries } from '../../db/schema/index.ts';
import type { DeliveryRow } from './repo.ts';

/** A delivery sent again: pending, its next try now (locked, so a try finishing meanwhile is ordered before). */
export async function reopenDelivery(tx: DbOrTx, deliveryId: string, at: Date): Promise<DeliveryRow> {
  const [row] = await tx
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: at })
    .where(eq(webhookDeliveries.id, deliveryId))
    .returning();
  return row!;
}
