import { sql } from 'drizzle-orm';
import {
  ADMIN_WORKSPACE_MEMBERS_SHOWN,
  ADMIN_WORKSPACE_PAGE_SIZE,
  type AdminWorkspace,
  type AdminWorkspaceMember,
} from '#contracts/admin-workspaces.ts';
import { seatsOf } from '#contracts/entitlements.ts';
import type { PlanId } from '#contracts/plans.ts';
import type { WorkspaceKind } from '#contracts/workspace-kinds.ts';
import { queryRows, type DbOrTx } from '#server/db/client.ts';
import { containsPattern, keysetTimestamp } from '#server/db/sql-text.ts';
import { cutPage, decodeCursor } from '#server/lib/keyset-cursor.ts';
import { entitledStatuses } from '../../workspaces/plan-repo.ts';

interface WorkspaceRow {
  id: string;
  name: string;
  kind: WorkspaceKind;
  created_at: string;
  plan: PlanId | null;
  seats_used: number;
  balance: number;
  members: AdminWorkspaceMember[] | string | null;
}

const statusList = sql.join(
  entitledStatuses.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * One page of workspaces, newest first, by keyset on (created_at, id) over workspaces_created_idx.
 * The page is cut first; each row's plan (as `workspacePlan` reads it), member count, first members
 * and balance are then read along the subscriptions', members' and ledger's workspace indexes, so a
 * page reads only its own workspaces' rows, in one statement. Search matches the workspace's name
 * or any member's email.
 */
export async function adminWorkspacePage(
  db: DbOrTx,
  query: { search?: string | undefined; cursor?: string | undefined },
): Promise<{ workspaces: AdminWorkspace[]; nextCursor: string | null }> {
  const after = query.cursor ? decodeCursor(query.cursor, 'workspaces') : null;
  const older = after ? sql`(w.created_at, w.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql`true`;
  const pattern = query.search ? containsPattern(query.search) : null;
  const matches = pattern
    ? sql`(w.name ilike ${pattern} or exists (
        select 1 from workspace_members sm join users su on su.id = sm.user_id
        where sm.workspace_id = w.id and su.email ilike ${pattern}))`
    : sql`true`;
  const rows = await queryRows<WorkspaceRow>(
    db,
    sql`select page.id, page.name, page.kind,
          ${keysetTimestamp(sql`page.created_at`)} as created_at,
          (select s.plan_id from subscriptions s
            where s.workspace_id = page.id and s.status in (${statusList})
            order by s.created_at desc limit 1) as plan,
          (select count(*)::int from workspace_members m where m.workspace_id = page.id) as seats_used,
          (select coalesce(sum(c.amount), 0)::int from credit_transactions c where c.workspace_id = page.id) as balance,
          (select json_agg(json_build_object('userId', f.user_id, 'name', f.name, 'email', f.email, 'role', f.role) order by f.rank, f.created_at, f.user_id)
            from (
              select m.user_id, coalesce(p.display_name, u.name) as name, u.email, m.role, m.created_at,
                case m.role when 'owner' then 0 when 'admin' then 1 else 2 end as rank
              from workspace_members m
              join users u on u.id = m.user_id
              left join user_profiles p on p.user_id = m.user_id
              where m.workspace_id = page.id
              order by rank, m.created_at, m.user_id
              limit ${ADMIN_WORKSPACE_MEMBERS_SHOWN}
            ) f) as members
        from (
          select w.id, w.name, w.kind, w.created_at
          from workspaces w
          where ${older} and ${matches}
          order by w.created_at desc, w.id desc
          limit ${ADMIN_WORKSPACE_PAGE_SIZE + 1}
        ) page
        order by page.created_at desc, page.id desc`,
  );
  const { page, nextCursor } = cutPage(rows, ADMIN_WORKSPACE_PAGE_SIZE, 'workspaces', (last) => [last.created_at, last.id]);
  return {
    workspaces: page.map((row) => ({
      id: row.id,
      name: row.name,
      kind: row.kind,
      plan: row.plan,
      seats: seatsOf(row.plan),
      seatsUsed: row.seats_used,
      balance: row.balance,
      members: typeof row.members === 'string' ? (JSON.parse(row.members) as AdminWorkspaceMember[]) : (row.members ?? []),
      createdAt: row.created_at,
    })),
    nextCursor,
  };
}
