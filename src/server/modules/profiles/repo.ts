import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userProfiles } from '../../db/schema/index.ts';

export type ProfileRow = typeof userProfiles.$inferSelect;
export type ProfileChanges = Partial<Omit<ProfileRow, 'userId' | 'createdAt' | 'updatedAt'>>;

export async function findProfile(db: DbOrTx, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId)).limit(1);
  return row;
}

/** Inserts the default profile unless one exists; returns the stored row either way. */
export async function insertProfileIfMissing(db: DbOrTx, userId: string, displayName: string): Promise<ProfileRow> {
  await db.insert(userProfiles).values({ userId, displayName }).onConflictDoNothing({ target: userProfiles.userId });
  return (await findProfile(db, userId))!;
}

export async function updateProfileRow(db: DbOrTx, userId: string, changes: ProfileChanges): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(userProfiles)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(userProfiles.userId, userId))
    .returning();
  return row;
}
