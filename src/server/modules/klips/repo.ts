import { asc, eq, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { klipAttributes, klips, users } from '../../db/schema/index.ts';
import type { KlipRow } from './serialize.ts';

/** A klip to insert; a column may be a SQL expression (a brand kit that may be gone: a subquery). */
export type NewKlip = PgInsertValue<typeof klips>;

/** Saves a klip and its attributes; a second save for the same generation job is a no-op. */
export async function insertKlipOnce(tx: DbOrTx, klip: NewKlip, attributes: Record<string, string>): Promise<KlipRow> {
  const [inserted] = await tx.insert(klips).values(klip).onConflictDoNothing({ target: klips.generationJobId }).returning();
  if (!inserted) {
    const [existing] = await tx.select().from(klips).where(eq(klips.generationJobId, klip.generationJobId!)).limit(1);
    return existing!;
  }
  const rows = Object.entries(attributes).map(([name, value]) => ({ klipId: inserted.id, name, value }));
  if (rows.length > 0) await tx.insert(klipAttributes).values(rows);
  return inserted;
}

export async function findKlip(db: DbOrTx, id: string): Promise<KlipRow | undefined> {
  const [row] = await db.select().from(klips).where(eq(klips.id, id)).limit(1);
  return row;
}

/** Several klips in one query (a page of batch items), in no particular order. */
export async function findKlips(db: DbOrTx, ids: readonly string[]): Promise<KlipRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(klips)
    .where(sql`${klips.id} = any(${sql.param(ids)}::uuid[])`);
}

export async function findKlipAttributes(db: DbOrTx, klipId: string): Promise<Array<{ name: string; value: string }>> {
  return db
    .select({ name: klipAttributes.name, value: klipAttributes.value })
    .from(klipAttributes)
    .where(eq(klipAttributes.klipId, klipId))
    .orderBy(asc(klipAttributes.name));
}

export async function setKlipThumbnail(db: DbOrTx, klipId: string, thumbnailKey: string): Promise<void> {
  await db.update(klips).set({ thumbnailKey }).where(eq(klips.id, klipId));
}

/** The klip row, locked until the transaction ends: votes and tag changes on one klip take turns. */
export async function lockKlip(tx: DbOrTx, id: string): Promise<KlipRow | undefined> {
  const [row] = await tx.select().from(klips).where(eq(klips.id, id)).limit(1).for('update');
  return row;
}

export async function setKlipPublic(db: DbOrTx, id: string, isPublic: boolean): Promise<void> {
  await db.update(klips).set({ isPublic }).where(eq(klips.id, id));
}

/** The email of the klip's owner (activity log entries name them). */
export async function klipOwnerEmail(db: DbOrTx, klip: Pick<KlipRow, 'userId'>): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, klip.userId)).limit(1);
  return row!.email;
}

/**
 * Deletes the klip row: its votes, tags and attributes go with it (cascade), and the generation
 * job that made it keeps its history (succeeded, what it cost) with its klip_id set to null.
 */
export async function deleteKlipRow(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(klips).where(eq(klips.id, id));
}
