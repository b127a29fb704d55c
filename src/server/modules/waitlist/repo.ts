import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { JoinWaitlistData } from '#contracts/waitlist.ts';
import type { DbOrTx } from '../../db/client.ts';
import { waitlist } from '../../db/schema/index.ts';

export type WaitlistEntry = typeof waitlist.$inferSelect;

/** Which entries an approval names: God Mode picks them by id, the CLI by email address. */
export type WaitlistMatch = { ids: readonly string[] } | { emails: readonly string[] };

export async function insertWaitlistEntry(db: DbOrTx, data: JoinWaitlistData & { score: number }): Promise<WaitlistEntry> {
  const [row] = await db.insert(waitlist).values(data).returning();
  return row!;
}

export async function findWaitlistEntryByEmail(db: DbOrTx, email: string): Promise<WaitlistEntry | undefined> {
  const [row] = await db.select().from(waitlist).where(eq(waitlist.email, email.toLowerCase())).limit(1);
  return row;
}

function matching(match: WaitlistMatch): SQL {
  return 'ids' in match
    ? inArray(waitlist.id, [...match.ids])
    : inArray(
        waitlist.email,
        match.emails.map((e) => e.toLowerCase()),
      );
}

export async function findWaitlistEntries(db: DbOrTx, match: WaitlistMatch): Promise<WaitlistEntry[]> {
  return db.select().from(waitlist).where(matching(match));
}

/**
 * Marks the matched pending and rejected entries approved; the rows it changed. An entry approved
 * already is left alone, also when two approvals race: the second update waits for the first's row
 * lock, re-reads the status and skips the row.
 */
export async function approveWaitlistEntries(db: DbOrTx, match: WaitlistMatch): Promise<WaitlistEntry[]> {
  return db
    .update(waitlist)
    .set({ status: 'approved', updatedAt: new Date() })
    .where(and(matching(match), ne(waitlist.status, 'approved')))
    .returning();
}

export async function setWaitlistStatus(db: DbOrTx, email: string, status: WaitlistEntry['status']): Promise<WaitlistEntry | undefined> {
  const [row] = await db.update(waitlist).set({ status, updatedAt: new Date() }).where(eq(waitlist.email, email.toLowerCase())).returning();
  return row;
}
