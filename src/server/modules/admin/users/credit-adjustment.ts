import { randomUUID } from 'node:crypto';
import { adminUserMessages } from '#contracts/admin-users.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { bookOnce, getBalance, lockCredits } from '../../credits/ledger.ts';
import { findTargetUser } from './target-user.ts';

export interface CreditAdjustment {
  email: string;
  balance: number;
}

/**
 * Grants (positive) or deducts (negative) credits as one `adjustment` row whose description is the
 * reason. Under the user's credit lock, so a deduction racing a generation cannot take the balance
 * below zero; refused with nothing written when it would.
 */
export async function adjustCredits(db: Db, userId: string, amount: number, reason: string): Promise<CreditAdjustment> {
  return db.transaction(async (tx) => {
    const user = await findTargetUser(tx, userId);
    await lockCredits(tx, user.id);
    const balance = await getBalance(tx, user.id);
    if (balance + amount < 0) throw new AppError('CONFLICT', adminUserMessages.belowZero);
    // Each request is its own adjustment: a fresh reference, never matched by another row.
    await bookOnce(tx, { userId: user.id, amount, type: 'adjustment', reference: `adjustment:${randomUUID()}`, description: reason });
    return { email: user.email, balance: balance + amount };
  });
}
