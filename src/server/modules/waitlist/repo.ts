import { eq } from 'drizzle-orm';
import type { JoinWaitlistData } from '../../../contracts/waitlist.ts';
import type { DbOrTx } from '../../db/client.ts';
import { waitlist } from '../../db/schema/index.ts';

export type WaitlistEntry = typeof waitlist.$inferSelect;

export async function insertWaitlistEntry(db: DbOrTx, data: JoinWaitlistData & { score: number }): Promise<WaitlistEntry> {
  const [row] = await db.insert(waitlist).values(data).returning();
  return row!;
}

export async function findWaitlistEntryById(db: DbOrTx, id: string): Promise<WaitlistEntry | undefined> {
  const [row] = await db.select().from(waitlist).where(eq(waitlist.id, id)).limit(1);
  return row;
}

export async function findWaitlistEntryByEmail(db: DbOrTx, email: string): Promise<WaitlistEntry | undefined> {
  const [row] = await db.select().from(waitlist).where(eq(waitlist.email, email.toLowerCase())).limit(1);
  return row;
}

export async function setWaitlistStatus(db: DbOrTx, email: string, status: WaitlistEntry['status']): Promise<WaitlistEntry | undefined> {
  const [row] = await db.update(waitlist).set({ status, updatedAt: new Date() }).where(eq(waitlist.email, email.toLowerCase())).returning();
  return row;
}
