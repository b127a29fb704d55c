import type { Db } from '../../db/client.ts';
import { getBalance } from './ledger.ts';

export interface CreditService {
  balance(userId: string): Promise<number>;
}

export function createCreditService(deps: { db: Db }): CreditService {
  return { balance: (userId) => getBalance(deps.db, userId) };
}
