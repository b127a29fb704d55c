import type { CreditHistoryPage } from '#contracts/credits-api.ts';
import type { Db } from '../../db/client.ts';
import { creditHistoryPage } from './history.ts';
import { getBalance } from './ledger.ts';

export interface CreditService {
  balance(userId: string): Promise<number>;
  history(userId: string, cursor: string | undefined): Promise<CreditHistoryPage>;
}

export function createCreditService(deps: { db: Db }): CreditService {
  return {
    balance: (userId) => getBalance(deps.db, userId),
    history: (userId, cursor) => creditHistoryPage(deps.db, userId, cursor),
  };
}
