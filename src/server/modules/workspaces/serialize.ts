import { entitlementKeys, planAllows, seatsOf, type EntitlementKey, type PlanOrNone } from '#contracts/entitlements.ts';
import type { WorkspaceInvitation, WorkspaceMember, WorkspaceSummary } from '#contracts/workspaces.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { avatarUrl, defaultDisplayName } from '../profiles/service.ts';
import { workspacePlan } from './plan-repo.ts';
import { membershipSummaries, type InvitationListRow, type MemberRow, type MembershipSummaryRow } from './repo.ts';

const ms = (d: Date | string) => new Date(d).getTime();
const iso = (d: Date | string) => new Date(d).toISOString();

/** What a plan unlocks, every feature named (the same answer for super admins: this is the workspace's plan). */
export function entitlementsOf(plan: PlanOrNone): Record<EntitlementKey, boolean> {
  return Object.fromEntries(entitlementKeys.map((key) => [key, planAllows(plan, key)])) as Record<EntitlementKey, boolean>;
}

export function toSummary(storage: Storage, row: MembershipSummaryRow, plan: PlanOrNone): WorkspaceSummary {
  const avatar =
    row.kind === 'personal'
      ? avatarUrl(storage, row.profile_avatar_key, row.profile_updated_at ? ms(row.profile_updated_at) : 0)
      : avatarUrl(storage, row.avatar_key, ms(row.updated_at));
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    avatarUrl: avatar,
    role: row.role,
    plan,
    seats: seatsOf(plan),
    memberCount: row.member_count,
    entitlements: entitlementsOf(plan),
  };
}

/** The summary of one of the user's workspaces, read now; undefined when they are not (or no longer) a member. */
export async function summaryFor(db: DbOrTx, storage: Storage, userId: string, workspaceId: string): Promise<WorkspaceSummary | undefined> {
  const [row] = await membershipSummaries(db, userId, workspaceId);
  return row ? toSummary(storage, row, await workspacePlan(db, row.id)) : undefined;
}

export function toMember(storage: Storage, row: MemberRow): WorkspaceMember {
  return {
    userId: row.user_id,
    displayName: row.display_name ?? defaultDisplayName(row.email),
    email: row.email,
    avatarUrl: avatarUrl(storage, row.avatar_key, row.profile_updated_at ? ms(row.profile_updated_at) : 0),
    role: row.role,
    joinedAt: iso(row.created_at),
  };
}

export function toInvitation(row: InvitationListRow, now = new Date()): WorkspaceInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.inviterName,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now.getTime(),
  };
}
