import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { savedLooks } from '../../db/schema/index.ts';

export type LookRow = typeof savedLooks.$inferSelect;
export type LookValues = Omit<typeof savedLooks.$inferInsert, 'id' | 'workspaceId' | 'createdBy' | 'createdAt' | 'updatedAt'>;

export async function listLookRows(db: DbOrTx, workspaceId: string): Promise<LookRow[]> {
  return db
    .select()
    .from(savedLooks)
    .where(eq(savedLooks.workspaceId, workspaceId))
    .orderBy(asc(sql`lower(${savedLooks.name})`));
}

export async function findLook(db: DbOrTx, workspaceId: string, lookId: string): Promise<LookRow | undefined> {
  const [row] = await db
    .select()
    .from(savedLooks)
    .where(and(eq(savedLooks.workspaceId, workspaceId), eq(savedLooks.id, lookId)))
    .limit(1);
  return row;
}

export async function countLooks(db: DbOrTx, workspaceId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedLooks).where(eq(savedLooks.workspaceId, workspaceId));
  return row!.n;
}

export async function insertLook(db: DbOrTx, values: typeof savedLooks.$inferInsert): Promise<LookRow> {
  const [row] = await db.insert(savedLooks).values(values).returning();
  return row!;
}

export async function updateLookRow(db: DbOrTx, workspaceId: string, lookId: string, values: LookValues): Promise<LookRow | undefined> {
  const [row] = await db
    .update(savedLooks)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(savedLooks.workspaceId, workspaceId), eq(savedLooks.id, lookId)))
    .returning();
  return row;
}

export async function deleteLookRow(db: DbOrTx, workspaceId: string, lookId: string): Promise<boolean> {
  const rows = await db
    .delete(savedLooks)
    .where(and(eq(savedLooks.workspaceId, workspaceId), eq(savedLooks.id, lookId)))
    .returning({ id: savedLooks.id });
  return rows.length > 0;
}
