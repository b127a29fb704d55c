import { eq, sql } from 'drizzle-orm';
import type { CreditTransactionType } from '../../../contracts/credits.ts';
import type { DbOrTx } from '../../db/client.ts';
import { creditTransactions } from '../../db/schema/index.ts';

/** A user's balance: the sum of their ledger rows. */
export async function getBalance(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int` })
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId));
  return row?.balance ?? 0;
}

export interface LedgerEntry {
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
