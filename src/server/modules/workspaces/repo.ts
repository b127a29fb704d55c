import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { endedSubscriptionStatuses } from '#contracts/billing.ts';
import type { InvitableRole, WorkspaceKind, WorkspaceRole } from '#contracts/workspace-kinds.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { subscriptions, workspaceInvitations, workspaceMembers, workspaces } from '../../db/schema/index.ts';

// The workspace module's reads and writes: workspaces, memberships, invitations.

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type InvitationRow = typeof workspaceInvitations.$inferSelect;

export async function findWorkspace(db: DbOrTx, id: string): Promise<WorkspaceRow | undefined> {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id));
  return row;
}

/**
 * Locks a workspace's row for the rest of the transaction: every change of its memberships
 * (joining, leaving, roles, ownership) takes this lock first, so they run one after another.
 */
export async function lockWorkspace(db: DbOrTx, id: string): Promise<WorkspaceRow | undefined> {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id)).for('update');
  return row;
}

export async function insertTeam(db: DbOrTx, name: string, createdBy: string): Promise<WorkspaceRow> {
  const [row] = await db.insert(workspaces).values({ kind: 'team', name, createdBy }).returning();
  return row!;
}

export async function updateWorkspace(
  db: DbOrTx,
  id: string,
  changes: { name?: string; avatarKey?: string | null },
): Promise<WorkspaceRow> {
  const [row] = await db
    .update(workspaces)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(workspaces.id, id))
    .returning();
  return row!;
}

export async function deleteWorkspace(db: DbOrTx, id: string): Promise<void> {
  await db.delete(workspaces).where(eq(workspaces.id, id));
}

export async function insertMember(db: DbOrTx, workspaceId: string, userId: string, role: WorkspaceRole): Promise<void> {
  // clock_timestamp: joining makes it the current workspace, even against a selection earlier in the same transaction.
  await db.insert(workspaceMembers).values({ workspaceId, userId, role, selectedAt: sql`clock_timestamp()` });
}

export async function roleOf(db: DbOrTx, workspaceId: string, userId: string): Promise<WorkspaceRole | null> {
  const [row] = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return row?.role ?? null;
}

export async function setRole(db: DbOrTx, workspaceId: string, userId: string, role: WorkspaceRole): Promise<void> {
  await db
    .update(workspaceMembers)
    .set({ role })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
}

export async function deleteMember(db: DbOrTx, workspaceId: string, userId: string): Promise<void> {
  await db.delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
}

/** Makes a membership the current workspace; false when the user is not a member. */
export async function selectMembership(db: DbOrTx, workspaceId: string, userId: string): Promise<boolean> {
  const rows = await db
    .update(workspaceMembers)
    .set({ selectedAt: sql`clock_timestamp()` })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .returning({ userId: workspaceMembers.userId });
  return rows.length > 0;
}

export interface MembershipSummaryRow {
  id: string;
  kind: WorkspaceKind;
  name: string;
  avatar_key: string | null;
  updated_at: Date | string;
  /** A personal workspace shows its owner's profile avatar. */
  profile_avatar_key: string | null;
  profile_updated_at: Date | string | null;
  role: WorkspaceRole;
  member_count: number;
}

/** The user's workspaces (personal first, then teams by name), with their role and member counts. */
export async function membershipSummaries(db: DbOrTx, userId: string, workspaceId?: string): Promise<MembershipSummaryRow[]> {
  return queryRows<MembershipSummaryRow>(
    db,
    sql`select w.id, w.kind, w.name, w.avatar_key, w.updated_at, p.avatar_key as profile_avatar_key, p.updated_at as profile_updated_at,
          m.role, (select count(*)::int from workspace_members c where c.workspace_id = w.id) as member_count
        from workspace_members m
        join workspaces w on w.id = m.workspace_id
        left join user_profiles p on p.user_id = w.personal_of
        where m.user_id = ${userId} ${workspaceId ? sql`and w.id = ${workspaceId}` : sql``}
        order by (w.kind = 'personal') desc, lower(w.name), w.created_at, w.id`,
  );
}

export interface MemberRow {
  user_id: string;
  email: string;
  display_name: string | null;
  avatar_key: string | null;
  profile_updated_at: Date | string | null;
  role: WorkspaceRole;
  created_at: Date | string;
}

export async function listMembers(db: DbOrTx, workspaceId: string, userId?: string): Promise<MemberRow[]> {
  return queryRows<MemberRow>(
    db,
    sql`select m.user_id, u.email, p.display_name, p.avatar_key, p.updated_at as profile_updated_at, m.role, m.created_at
        from workspace_members m
        join users u on u.id = m.user_id
        left join user_profiles p on p.user_id = m.user_id
        where m.workspace_id = ${workspaceId} ${userId ? sql`and m.user_id = ${userId}` : sql``}
        order by case m.role when 'owner' then 0 when 'admin' then 1 else 2 end, m.created_at, m.user_id`,
  );
}

export interface InvitationListRow extends InvitationRow {
  inviterName: string | null;
}

/** Open invitations (not accepted, not revoked), newest first, expired ones included. */
export async function openInvitations(db: DbOrTx, workspaceId: string): Promise<InvitationListRow[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from workspace_invitations
        where workspace_id = ${workspaceId} and accepted_at is null and revoked_at is null
        order by created_at desc, id`,
  );
  return Promise.all(rows.map(async (r) => (await findInvitationWithInviter(db, { id: r.id }))!));
}

export async function findInvitationWithInviter(
  db: DbOrTx,
  by: { id: string } | { tokenHash: string },
): Promise<InvitationListRow | undefined> {
  const [row] = await db
    .select()
    .from(workspaceInvitations)
    .where('id' in by ? eq(workspaceInvitations.id, by.id) : eq(workspaceInvitations.tokenHash, by.tokenHash));
  if (!row) return undefined;
  const [inviter] = row.invitedBy
    ? await queryRows<{ name: string | null; email: string }>(
        db,
        sql`select p.display_name as name, u.email from users u left join user_profiles p on p.user_id = u.id where u.id = ${row.invitedBy}`,
      )
    : [];
  return { ...row, inviterName: inviter ? (inviter.name ?? inviter.email) : null };
}

/** Locks one invitation row (accepting, re-sending and revoking it run one after another). */
export async function lockInvitation(db: DbOrTx, by: { id: string } | { tokenHash: string }): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(workspaceInvitations)
    .where('id' in by ? eq(workspaceInvitations.id, by.id) : eq(workspaceInvitations.tokenHash, by.tokenHash))
    .for('update');
  return row;
}

/** Members plus open, unexpired invitations (optionally leaving one invitation out): what the seat limit counts. */
export async function seatsUsed(db: DbOrTx, workspaceId: string, exceptInvitation?: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select (select count(*)::int from workspace_members where workspace_id = ${workspaceId})
          + (select count(*)::int from workspace_invitations
             where workspace_id = ${workspaceId} and accepted_at is null and revoked_at is null and expires_at > now()
             ${exceptInvitation ? sql`and id <> ${exceptInvitation}` : sql``}) as n`,
  );
  return row!.n;
}

export async function memberCount(db: DbOrTx, workspaceId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from workspace_members where workspace_id = ${workspaceId}`,
  );
  return row!.n;
}

export async function isMemberByEmail(db: DbOrTx, workspaceId: string, email: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from workspace_members m join users u on u.id = m.user_id
        where m.workspace_id = ${workspaceId} and lower(u.email) = ${email.toLowerCase()}`,
  );
  return rows.length > 0;
}

export async function accountExists(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from users where lower(email) = ${email.toLowerCase()}`);
  return rows.length > 0;
}

export async function hasOpenInvitation(db: DbOrTx, workspaceId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: workspaceInvitations.id })
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        eq(workspaceInvitations.email, email.toLowerCase()),
        isNull(workspaceInvitations.acceptedAt),
        isNull(workspaceInvitations.revokedAt),
      ),
    );
  return row !== undefined;
}

export async function insertInvitation(
  db: DbOrTx,
  values: { workspaceId: string; email: string; role: InvitableRole; tokenHash: string; invitedBy: string; expiresAt: Date },
): Promise<InvitationRow> {
  const [row] = await db.insert(workspaceInvitations).values(values).returning();
  return row!;
}

export async function updateInvitation(
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<InvitationRow, 'tokenHash' | 'expiresAt' | 'revokedAt' | 'acceptedAt' | 'acceptedBy' | 'invitedBy'>>,
): Promise<InvitationRow> {
  const [row] = await db.update(workspaceInvitations).set(changes).where(eq(workspaceInvitations.id, id)).returning();
  return row!;
}

/** Whether the workspace has a subscription that has not ended (it blocks deleting the team). */
export async function hasLiveSubscription(db: DbOrTx, workspaceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.workspaceId, workspaceId), notInArray(subscriptions.status, [...endedSubscriptionStatuses])))
    .limit(1);
  return row !== undefined;
}
