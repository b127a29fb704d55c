import { sql } from 'drizzle-orm';
import { ADMIN_USER_PAGE_SIZE, type AdminUser } from '#contracts/admin-users.ts';
import { queryRows, type DbOrTx } from '#server/db/client.ts';
import { cutPage, decodeCursor } from '#server/lib/keyset-cursor.ts';
import { containsPattern, keysetTimestamp } from '#server/db/sql-text.ts';

interface UserRow {
  id: string;
  email: string;
  name: string;
  email_verified: boolean;
  created_at: string;
  balance: number;
  klip_count: number;
  is_super_admin: boolean;
}

/**
 * One page of users, newest first, by keyset on (created_at, id) over users_created_at_idx. The
 * page is cut first; its balance (its personal workspace's), klip count and role are then read per
 * row along the workspaces', the ledger's, the klips' and the roles' indexes, so a page never aggregates more than its own users' rows.
 * The name is the display name users chose (their profile), as everywhere else in Klipt.
 */
export async function adminUserPage(
  db: DbOrTx,
  query: { search?: string | undefined; cursor?: string | undefined },
): Promise<{ users: AdminUser[]; nextCursor: string | null }> {
  const after = query.cursor ? decodeCursor(query.cursor, 'users') : null;
  const older = after ? sql`(u.created_at, u.id) < (${after[0]}::timestamptz, ${after[1]})` : sql`true`;
  const pattern = query.search ? containsPattern(query.search) : null;
  const matches = pattern ? sql`(u.email ilike ${pattern} or coalesce(p.display_name, u.name) ilike ${pattern})` : sql`true`;
  const rows = await queryRows<UserRow>(
    db,
    sql`select page.id, page.email, page.name, page.email_verified,
          ${keysetTimestamp(sql`page.created_at`)} as created_at,
          (select coalesce(sum(c.amount), 0)::int from credit_transactions c
            where c.workspace_id = (select w.id from workspaces w where w.personal_of = page.id)) as balance,
          (select count(*)::int from klips k where k.user_id = page.id) as klip_count,
          exists (select 1 from user_roles r where r.user_id = page.id and r.role = 'super_admin') as is_super_admin
        from (
          select u.id, u.email, coalesce(p.display_name, u.name) as name, u.email_verified, u.created_at
          from users u left join user_profiles p on p.user_id = u.id
          where ${older} and ${matches}
          order by u.created_at desc, u.id desc
          limit ${ADMIN_USER_PAGE_SIZE + 1}
        ) page
        order by page.created_at desc, page.id desc`,
  );
  const { page, nextCursor } = cutPage(rows, ADMIN_USER_PAGE_SIZE, 'users', (last) => [last.created_at, last.id]);
  return {
    users: page.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      createdAt: row.created_at,
      emailVerified: row.email_verified,
      balance: row.balance,
      isSuperAdmin: row.is_super_admin,
      klipCount: row.klip_count,
    })),
    nextCursor,
  };
}
