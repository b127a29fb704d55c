import { sql } from 'drizzle-orm';
import {
  ADMIN_WAITLIST_PAGE_SIZE,
  type AdminWaitlistEntry,
  type waitlistSorts,
  type waitlistStatusFilters,
} from '#contracts/admin-waitlist.ts';
import { queryRows, type DbOrTx } from '#server/db/client.ts';
import { cutPage, decodeCursor } from '#server/lib/keyset-cursor.ts';
import { keysetTimestamp } from '#server/db/sql-text.ts';

export interface WaitlistListQuery {
  status: (typeof waitlistStatusFilters)[number];
  sort: (typeof waitlistSorts)[number];
  cursor?: string | undefined;
}

interface EntryRow {
  id: string;
  name: string;
  email: string;
  company: string | null;
  role: AdminWaitlistEntry['role'];
  expected_plan: AdminWaitlistEntry['expectedPlan'];
  score: number;
  status: AdminWaitlistEntry['status'];
  created_at: string;
}

/**
 * One page of the waitlist by keyset: by score (highest first, then oldest first, so the earliest
 * of equal leads comes first) over waitlist_status_score_idx, or newest first over
 * waitlist_created_at_idx.
 */
export async function adminWaitlistPage(
  db: DbOrTx,
  query: WaitlistListQuery,
): Promise<{ entries: AdminWaitlistEntry[]; nextCursor: string | null }> {
  const byScore = query.sort === 'score';
  const cursorSort = byScore ? 'waitlist-score' : 'waitlist-newest';
  const after = query.cursor ? decodeCursor(query.cursor, cursorSort) : null;
  let rest = sql`true`;
  if (after && byScore) {
    const [score, created, id] = after as [string, string, string];
    // `score <= …` bounds the index scan; the rest picks up after the last row among equal scores.
    rest = sql`w.score <= ${Number(score)} and (w.score < ${Number(score)} or (w.created_at, w.id) > (${created}::timestamptz, ${id}::uuid))`;
  } else if (after) {
    rest = sql`(w.created_at, w.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`;
  }
  const status = query.status === 'all' ? sql`true` : sql`w.status = ${query.status}`;
  const order = byScore ? sql`w.score desc, w.created_at asc, w.id asc` : sql`w.created_at desc, w.id desc`;
  const rows = await queryRows<EntryRow>(
    db,
    sql`select w.id, w.name, w.email, w.company, w.role, w.expected_plan, w.score::int as score, w.status,
          ${keysetTimestamp(sql`w.created_at`)} as created_at
        from waitlist w
        where ${status} and ${rest}
        order by ${order}
        limit ${ADMIN_WAITLIST_PAGE_SIZE + 1}`,
  );
  const { page, nextCursor } = cutPage(rows, ADMIN_WAITLIST_PAGE_SIZE, cursorSort, (last) =>
    byScore ? [String(last.score), last.created_at, last.id] : [last.created_at, last.id],
  );
  return {
    entries: page.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      company: row.company,
      role: row.role,
      expectedPlan: row.expected_plan,
      score: row.score,
      status: row.status,
      createdAt: row.created_at,
    })),
    nextCursor,
  };
}
