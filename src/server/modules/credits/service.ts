import type { CreditHistoryPage } from '#contracts/credits-api.ts';
import type { Db } from '../../db/client.ts';
import { creditHistoryPage } from './history.ts';
import { getBalance } from './ledger.ts';

/** A workspace's credits: the balance and the ledger its members see (the current workspace's). */
export interface CreditService {
  balance(workspaceId: string): Promise<number>;
  history(workspaceId: string, cursor: string | undefined): Promise<CreditHistoryPage>;
}

export function createCreditService(deps: { db: Db }): CreditService {
  return {
    balance: (workspaceId) => getBalance(deps.db, workspaceId),
    history: (workspaceId, cursor) => creditHistoryPage(deps.db, workspaceId, cursor),
  };
}
