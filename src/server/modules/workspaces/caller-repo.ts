import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { WorkspaceKind, WorkspaceRole } from '#contracts/workspace-kinds.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import type { CallerWorkspace } from '../../http/caller.ts';

export interface CallerMemberships {
  isSuperAdmin: boolean;
  workspace: CallerWorkspace;
  memberships: ReadonlyMap<string, WorkspaceRole>;
}

/** One membership as the read returns it: workspace id, role, workspace kind; the current one first. */
type MembershipTuple = [string, WorkspaceRole, WorkspaceKind];

/**
 * What access decisions need about a user, as two columns of one read for a user id (a value or a
 * column of the surrounding query, so the session reader asks for it with the session itself): the
 * super admin role, and every membership with the current workspace (the most recently selected)
 * first. Both are indexed reads (user_roles' key, workspace_members_user_selected_idx).
 */
export function callerMembershipColumns(userId: string | AnyPgColumn) {
  return {
    isSuperAdmin: sql<boolean>`exists (select 1 from user_roles r where r.user_id = ${userId} and r.role = 'super_admin')`,
    memberships: sql<MembershipTuple[] | string>`(select coalesce(json_agg(json_build_array(m.workspace_id, m.role, w.kind)
          order by m.selected_at desc, m.workspace_id), '[]')
        from workspace_members m join workspaces w on w.id = m.workspace_id
        where m.user_id = ${userId})`,
  } satisfies Record<string, SQL>;
}

/** The caller's memberships from the two columns `callerMembershipColumns` reads. */
export function callerMembershipsFrom(
  userId: string,
  row: { isSuperAdmin: boolean; memberships: MembershipTuple[] | string },
): CallerMemberships {
  // A driver may hand json over as text.
  const memberships = typeof row.memberships === 'string' ? (JSON.parse(row.memberships) as MembershipTuple[]) : row.memberships;
  const current = memberships[0];
  // Every account has its personal workspace (a trigger makes it); none means the row is gone.
  if (!current) throw new Error(`user ${userId} belongs to no workspace`);
  const [id, role, kind] = current;
  return {
    isSuperAdmin: row.isSuperAdmin,
    workspace: { id, kind, role },
    memberships: new Map(memberships.map(([workspaceId, memberRole]) => [workspaceId, memberRole])),
  };
}

/** What access decisions need about a signed-in user, in one indexed read. */
export async function loadCallerMemberships(db: DbOrTx, userId: string): Promise<CallerMemberships> {
  const columns = callerMembershipColumns(userId);
  const [row] = await queryRows<{ isSuperAdmin: boolean; memberships: MembershipTuple[] | string }>(
    db,
    sql`select ${columns.isSuperAdmin} as "isSuperAdmin", ${columns.memberships} as memberships`,
  );
  return callerMembershipsFrom(userId, row!);
}
