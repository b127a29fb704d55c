import { sql } from 'drizzle-orm';
import type { WorkspaceKind, WorkspaceRole } from '#contracts/workspace-kinds.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import type { CallerWorkspace } from '../../http/caller.ts';

export interface CallerMemberships {
  isSuperAdmin: boolean;
  workspace: CallerWorkspace;
  memberships: ReadonlyMap<string, WorkspaceRole>;
}

/**
 * What access decisions need about a signed-in user, in one indexed read per request: the super
 * admin role, every membership, and the current workspace (the most recently selected).
 */
export async function loadCallerMemberships(db: DbOrTx, userId: string): Promise<CallerMemberships> {
  const rows = await queryRows<{ workspace_id: string; role: WorkspaceRole; kind: WorkspaceKind; is_super_admin: boolean }>(
    db,
    sql`select m.workspace_id, m.role, w.kind,
          exists (select 1 from user_roles r where r.user_id = ${userId} and r.role = 'super_admin') as is_super_admin
        from workspace_members m join workspaces w on w.id = m.workspace_id
        where m.user_id = ${userId}
        order by m.selected_at desc, m.workspace_id`,
  );
  const current = rows[0];
  // Every account has its personal workspace (a trigger makes it); none means the row is gone.
  if (!current) throw new Error(`user ${userId} belongs to no workspace`);
  return {
    isSuperAdmin: current.is_super_admin,
    workspace: { id: current.workspace_id, kind: current.kind, role: current.role },
    memberships: new Map(rows.map((r) => [r.workspace_id, r.role])),
  };
}
