import { eq, sql } from 'drizzle-orm';
import type { CreditTransactionType } from '#contracts/credits.ts';
import type { DbOrTx } from '../../db/client.ts';
import { creditTransactions } from '../../db/schema/index.ts';

/** A workspace's balance: the sum of its ledger rows (every member spends from it). */
export async function getBalance(db: DbOrTx, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ balance: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int` })
    .from(creditTransactions)
    .where(eq(creditTransactions.workspaceId, workspaceId));
  return row?.balance ?? 0;
}

export interface LedgerEntry {
  /** Whose balance the row changes. */
  workspaceId: string;
  /** The member who spent or bought, or who a grant or refund is for. */
  userId: string;
  amount: number;
  type: CreditTransactionType;
  /** Unique per type: the same reference never books twice. */
  reference: string;
  description?: string;
}

/** Appends a row unless one with the same type and reference exists; true when it was booked. */
export async function bookOnce(db: DbOrTx, entry: LedgerEntry): Promise<boolean> {
  const rows = await db
    .insert(creditTransactions)
    .values({
      workspaceId: entry.workspaceId,
      userId: entry.userId,
      amount: entry.amount,
      type: entry.type,
      reference: entry.reference,
      description: entry.description ?? null,
    })
    .onConflictDoNothing({ target: [creditTransactions.type, creditTransactions.reference] })
    .returning({ id: creditTransactions.id });
  return rows.length > 0;
}

/** Appends several rows in one statement, each unless its type and reference exist; how many were booked. */
export async function bookAllOnce(db: DbOrTx, entries: readonly LedgerEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const rows = await db
    .insert(creditTransactions)
    .values(
      entries.map((entry) => ({
        workspaceId: entry.workspaceId,
        userId: entry.userId,
        amount: entry.amount,
        type: entry.type,
        reference: entry.reference,
        description: entry.description ?? null,
      })),
    )
    .onConflictDoNothing({ target: [creditTransactions.type, creditTransactions.reference] })
    .returning({ id: creditTransactions.id });
  return rows.length;
}

/**
 * Serializes every credit-changing transaction of one workspace: the balance read and the row
 * written after it cannot interleave with another request's, whichever member sends it (no double
 * spend). Released at commit.
 */
export async function lockCredits(tx: DbOrTx, workspaceId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`credits:${workspaceId}`}))`);
}
