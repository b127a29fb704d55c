import { accessMessages, type AccessLevel } from '#contracts/contract.ts';
import { entitlementMessages, lowestPlanWith, planAllows, type EntitlementKey, type PlanOrNone } from '#contracts/entitlements.ts';
import { workspaceMessages } from '#contracts/workspaces.ts';
import { AppError } from '../lib/app-error.ts';
import type { AuthContext, SignedInUser } from './caller.ts';

/**
 * The one access decision of every route, from its contract's `auth`: a visitor is refused with
 * 401, a signed-in user below the level with 403. Returns the caller (null on public routes).
 * The super admin role comes with the session, read on every request: a revoked admin loses
 * access at once (and a failed read fails the request, never grants).
 */
export function decideAccess(
  level: AccessLevel,
  session: AuthContext | null,
  unauthenticatedMessage: string = accessMessages.signInRequired,
): SignedInUser | null {
  if (level === 'public') return session?.user ?? null;
  if (!session) throw new AppError('UNAUTHENTICATED', unauthenticatedMessage);
  if (level === 'user') return session.user;
  if (!session.user.emailVerified) throw new AppError('FORBIDDEN', accessMessages.verifyEmailFirst);
  if (level === 'admin' && !session.user.isSuperAdmin) throw new AppError('FORBIDDEN', accessMessages.adminOnly);
  return session.user;
}

/**
 * A contract's `entitlement`: the workspace it acts on (named in its path, else the caller's
 * current one) must be on a plan that includes the
 * feature (super admins run the platform and may use every feature). Refused with 403
 * PLAN_REQUIRED naming the cheapest plan that unlocks it, before the input is read.
 */
export async function decideEntitlement(
  feature: EntitlementKey,
  caller: SignedInUser | null,
  /** The workspace the route names in its path, else the caller's current one. */
  workspaceId: string | undefined,
  planOf: (workspaceId: string) => Promise<PlanOrNone>,
): Promise<void> {
  if (!caller) throw new AppError('UNAUTHENTICATED', accessMessages.signInRequired);
  if (caller.isSuperAdmin || planAllows(await planOf(workspaceId ?? caller.workspace.id), feature)) return;
  throw new AppError('PLAN_REQUIRED', entitlementMessages.planRequired(feature), { plan: lowestPlanWith(feature) });
}

/**
 * A route under `/:workspaceId` is its workspace's: anyone who is not a member gets 404, as if it
 * did not exist (the same answer as for a workspace that does not), before the input is read.
 */
export function decideMembership(caller: SignedInUser | null, workspaceId: string | undefined): void {
  if (!caller || workspaceId === undefined || !caller.memberships.has(workspaceId)) {
    throw new AppError('NOT_FOUND', workspaceMessages.notFound);
  }
}
