import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PlanId } from '#contracts/plans.ts';
import type { WorkspaceRole } from '#contracts/workspace-kinds.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { subscriptions, users, workspaceMembers, workspaces } from '#server/db/schema/index.ts';
import type { SignedInUser } from '#server/http/caller.ts';
import { getBalance } from '#server/modules/credits/ledger.ts';
import { loadCallerMemberships } from '#server/modules/workspaces/caller-repo.ts';
import { personalWorkspaceId } from '#server/modules/workspaces/personal-repo.ts';

// Direct-database fixtures for workspaces (no vitest here: bench code may import it too). The
// current workspace is read with the session on every request, so a change here takes effect on
// the caller's next request.

/** A team owned by `ownerId` (its owner membership included); its id. It does not become the owner's current workspace. */
export async function createTeam(db: DbOrTx, ownerId: string, name: string): Promise<string> {
  const [team] = await db.insert(workspaces).values({ kind: 'team', name, createdBy: ownerId }).returning({ id: workspaces.id });
  // An old selected_at: the owner keeps working where they were until they switch.
  await db.insert(workspaceMembers).values({ workspaceId: team!.id, userId: ownerId, role: 'owner', selectedAt: new Date(0) });
  return team!.id;
}

/** Adds a member with a role; like an accepted invitation it does not switch them to the team. */
export async function addMember(db: DbOrTx, workspaceId: string, userId: string, role: Exclude<WorkspaceRole, 'owner'>): Promise<void> {
  await db.insert(workspaceMembers).values({ workspaceId, userId, role, selectedAt: new Date(0) });
}

/** Makes `workspaceId` the user's current workspace (the latest selected membership). */
export async function selectWorkspace(db: DbOrTx, userId: string, workspaceId: string): Promise<void> {
  const rows = await db
    .update(workspaceMembers)
    .set({ selectedAt: sql`now()` })
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, workspaceId)))
    .returning({ userId: workspaceMembers.userId });
  if (rows.length === 0) throw new Error(`user ${userId} is not a member of workspace ${workspaceId}`);
}

/** The caller the router would hand a service for this user now (for tests that call services directly). */
export async function signedInUser(db: DbOrTx, userId: string): Promise<SignedInUser> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error(`no user ${userId}`);
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt,
    ...(await loadCallerMemberships(db, userId)),
  };
}

/** The balance of a user's personal workspace (where their welcome credits and their own spends go). */
export async function personalBalance(db: DbOrTx, userId: string): Promise<number> {
  return getBalance(db, await personalWorkspaceId(db, userId));
}

/** Puts a workspace on a plan: an active subscription row as the billing would have written it; its id. */
export async function givePlan(db: DbOrTx, workspaceId: string, userId: string, planId: PlanId): Promise<string> {
  const id = `sub_${randomUUID()}`;
  await db.insert(subscriptions).values({ id, userId, workspaceId, customerId: `cus_${userId}`, planId, status: 'active' });
  return id;
}
