import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { adSets, klips } from '../../db/schema/index.ts';
import type { KlipRow } from '../klips/serialize.ts';

export type AdSetRow = typeof adSets.$inferSelect;
export type NewAdSet = typeof adSets.$inferInsert;

export async function insertAdSet(tx: DbOrTx, set: NewAdSet): Promise<AdSetRow> {
  const [row] = await tx.insert(adSets).values(set).returning();
  return row!;
}

export async function findAdSet(db: DbOrTx, id: string): Promise<AdSetRow | undefined> {
  const [row] = await db.select().from(adSets).where(eq(adSets.id, id)).limit(1);
  return row;
}

/** The klips of a set (those not deleted since), in the order its sizes were asked for. */
export async function adSetKlips(db: DbOrTx, set: AdSetRow): Promise<KlipRow[]> {
  const rows = await db.select().from(klips).where(eq(klips.adSetId, set.id));
  const order = (row: KlipRow) => set.sizes.indexOf(row.adSize!);
  return rows.sort((a, b) => order(a) - order(b));
}
