import { sql } from 'drizzle-orm';
import type { CreditHistoryPage } from '#contracts/credits-api.ts';
import { CREDIT_HISTORY_PAGE_SIZE, type CreditTransactionType } from '#contracts/credits.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import { keysetTimestamp } from '../../db/sql-text.ts';

interface LedgerRow {
  id: string;
  amount: number;
  type: CreditTransactionType;
  description: string | null;
  created_at: string;
  refunded: boolean;
  member: string | null;
}

/**
 * One page of a workspace's ledger, newest first, by keyset on (created_at, id) over
 * credit_transactions_workspace_created_idx, each row with the member it is for (an admin
 * adjustment is no one's). The balance after each row is the sum of every row up to it: one
 * aggregate for the page's first row, then the page's own amounts.
 */
export async function creditHistoryPage(db: DbOrTx, workspaceId: string, cursor: string | undefined): Promise<CreditHistoryPage> {
  const after = cursor ? decodeCursor(cursor, 'ledger') : null;
  const older = after ? sql`(c.created_at, c.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql`true`;
  const rows = await queryRows<LedgerRow>(
    db,
    sql`select c.id, c.amount, c.type, c.description,
          ${keysetTimestamp(sql`c.created_at`)} as created_at,
          (c.type = 'usage' and exists (select 1 from credit_transactions r where r.type = 'refund' and r.reference = c.reference)) as refunded,
          case when c.type = 'adjustment' then null
            else (select coalesce(p.display_name, u.name) from users u left join user_profiles p on p.user_id = u.id where u.id = c.user_id)
          end as member
        from credit_transactions c
        where c.workspace_id = ${workspaceId}::uuid and ${older}
        order by c.created_at desc, c.id desc
        limit ${CREDIT_HISTORY_PAGE_SIZE + 1}`,
  );
  const [totals] = await queryRows<{ balance: number; top: number }>(
    db,
    sql`select coalesce(sum(c.amount), 0)::int as balance,
          coalesce(sum(c.amount) filter (where ${older}), 0)::int as top
        from credit_transactions c where c.workspace_id = ${workspaceId}::uuid`,
  );
  const page = rows.slice(0, CREDIT_HISTORY_PAGE_SIZE);
  let running = totals?.top ?? 0;
  const entries = page.map((row) => {
    const entry = {
      id: row.id,
      createdAt: row.created_at,
      type: row.type,
      description: row.description,
      amount: row.amount,
      balanceAfter: running,
      refunded: row.refunded,
      member: row.member,
    };
    running -= row.amount;
    return entry;
  });
  const last = page.at(-1);
  return {
    entries,
    nextCursor: rows.length > CREDIT_HISTORY_PAGE_SIZE && last ? encodeCursor('ledger', [last.created_at, last.id]) : null,
    balance: totals?.balance ?? 0,
  };
}
