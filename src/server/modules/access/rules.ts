import type { WorkspaceKind, WorkspaceRole } from '#contracts/workspace-kinds.ts';

/**
 * Who may see or use what: every service that reads a workspace's rows for a user asks here, so
 * the answer is the same on every screen and endpoint. Pure functions of the viewer and the row;
 * a null viewer is a visitor (or an account whose email is not confirmed). Rows belong to
 * workspaces: access is membership and role, never a user id compared with a column. Anything a
 * viewer may not see answers "not found" in the services, never "forbidden".
 */
export interface Viewer {
  id: string;
  isSuperAdmin: boolean;
  /** The workspace the viewer works in: what they make goes there, lists show it. */
  workspaceId: string;
  /** Every workspace the viewer belongs to, with their role. */
  memberships: ReadonlyMap<string, WorkspaceRole>;
}

interface Owned {
  /** The owning workspace; null for rows nobody owns (built-in models), which only super admins manage. */
  workspaceId: string | null;
}

/** The viewer's role in a workspace, or null when they are not a member. */
export function roleIn(viewer: Viewer | null, workspaceId: string | null): WorkspaceRole | null {
  return viewer && workspaceId ? (viewer.memberships.get(workspaceId) ?? null) : null;
}

/** A klip: public ones for everyone; private ones for the members of its workspace and super admins. */
export function canReadKlip(viewer: Viewer | null, klip: Owned & { isPublic: boolean }): boolean {
  return klip.isPublic || isMemberOrAdmin(viewer, klip);
}

/** Tagging a klip and making it public or private: the members of its workspace and super admins. */
export function canEditKlip(viewer: Viewer | null, klip: Owned): boolean {
  return isMemberOrAdmin(viewer, klip);
}

/** The viewer's own klip ("Open in editor"): one of the workspace they are working in now. */
export function isOwnKlip(viewer: Viewer | null, klip: Owned): boolean {
  return isMemberWorkingIn(viewer, klip.workspaceId);
}

/** Who in a team made a klip is shown to the team's members only; the public sees the team. */
export function canSeeKlipMaker(viewer: Viewer | null, klip: Owned & { workspaceKind: WorkspaceKind }): boolean {
  return klip.workspaceKind === 'team' && roleIn(viewer, klip.workspaceId) !== null;
}

/** A trained model shows in lists and answers on its own to everyone it is public for, its workspace's members and super admins. */
export function canSeeTrainedModel(viewer: Viewer | null, model: Owned & { isPublic: boolean }): boolean {
  return model.isPublic || isMemberOrAdmin(viewer, model);
}

/**
 * Generating with a trained model: public ones for everyone; private ones for the members of its
 * workspace and super admins, the same people who see them (docs/product-rules.md#screens-and-access).
 */
export function canUseTrainedModel(viewer: Viewer | null, model: Owned & { isPublic: boolean }): boolean {
  return model.isPublic || isMemberOrAdmin(viewer, model);
}

/** Making a trained model public or private: its workspace's members and super admins. */
export function canEditTrainedModel(viewer: Viewer | null, model: Owned): boolean {
  return isMemberOrAdmin(viewer, model);
}

/**
 * An uploaded input image serves the workspace it was uploaded to, and only while the viewer works
 * there: a personal upload never feeds a team's job, nor a team's upload a personal one.
 */
export function canUseUpload(viewer: Viewer | null, upload: Owned): boolean {
  return isMemberWorkingIn(viewer, upload.workspaceId);
}

/** A batch (its settings, items, ZIP) is its workspace's, like the uploads it was made from. */
export function canUseBatch(viewer: Viewer | null, batch: Owned): boolean {
  return roleIn(viewer, batch.workspaceId) !== null;
}

/**
 * The built-in test checkout grants credits without payment (paying a test checkout, a renewal run
 * from its portal): anyone may where no real money can be spent; where it can and the operator
 * turned it on by name, only super admins (docs/product-rules.md#plans-and-payments).
 */
export function canUseTestCheckout(viewer: Viewer | null, adminsOnly: boolean): boolean {
  return viewer !== null && (!adminsOnly || viewer.isSuperAdmin);
}

/**
 * Which trained models a list shows: everything for super admins, else public ones plus the
 * current workspace's — exactly the models `canSeeTrainedModel` and `canUseTrainedModel` admit for
 * the workspace the viewer works in, so the editor can offer every model of the list.
 */
export function trainedModelListScope(viewer: Viewer | null): { all: true } | { publicOrOfWorkspace: string | null } {
  return viewer?.isSuperAdmin ? { all: true } : { publicOrOfWorkspace: viewer?.workspaceId ?? null };
}

// Workspaces themselves (docs/product-rules.md#workspaces).

/** Seeing a workspace, its members and its invitations: its members. Everyone else gets 404. */
export function canSeeWorkspace(viewer: Viewer | null, workspaceId: string): boolean {
  return roleIn(viewer, workspaceId) !== null;
}

/** Renaming a team, changing its avatar, inviting, re-sending and revoking invitations: owner and admins. */
export function canManageWorkspace(viewer: Viewer | null, workspaceId: string): boolean {
  const role = roleIn(viewer, workspaceId);
  return role === 'owner' || role === 'admin';
}

/**
 * Removing a member or changing their role: the owner for anyone but themselves, an admin for
 * members and admins (never the owner). Ownership moves only by `canTransferOwnership`.
 */
export function canManageMember(viewer: Viewer | null, workspaceId: string, target: { userId: string; role: WorkspaceRole }): boolean {
  const role = roleIn(viewer, workspaceId);
  if (target.role === 'owner' || viewer?.id === target.userId) return false;
  return role === 'owner' || role === 'admin';
}

/** Giving a member a role: never 'owner' this way, and only by someone who may manage them. */
export function canAssignRole(
  viewer: Viewer | null,
  workspaceId: string,
  target: { userId: string; role: WorkspaceRole },
  role: WorkspaceRole,
): boolean {
  return role !== 'owner' && canManageMember(viewer, workspaceId, target);
}

/** Billing, deleting the team, handing ownership over: its owner alone (a personal workspace is never deleted or handed over). */
export function canOwnWorkspace(viewer: Viewer | null, workspaceId: string): boolean {
  return roleIn(viewer, workspaceId) === 'owner';
}

/** Deleting a workspace or transferring it: its owner, and only for teams. */
export function canDeleteOrTransferWorkspace(viewer: Viewer | null, workspace: { id: string; kind: WorkspaceKind }): boolean {
  return workspace.kind === 'team' && canOwnWorkspace(viewer, workspace.id);
}

/** Leaving: any member but the owner (who transfers ownership or deletes the team first), never a personal workspace. */
export function canLeaveWorkspace(viewer: Viewer | null, workspace: { id: string; kind: WorkspaceKind }): boolean {
  const role = roleIn(viewer, workspace.id);
  return workspace.kind === 'team' && role !== null && role !== 'owner';
}

function isMemberOrAdmin(viewer: Viewer | null, row: Owned): boolean {
  return viewer !== null && (viewer.isSuperAdmin || roleIn(viewer, row.workspaceId) !== null);
}

function isMemberWorkingIn(viewer: Viewer | null, workspaceId: string | null): boolean {
  return viewer !== null && workspaceId !== null && viewer.workspaceId === workspaceId;
}

// Plans and payments per workspace (docs/product-rules.md#plans-and-payments).

/** Buying a plan for a workspace, managing it, following its checkouts: the workspace's owner. */
export function canBuyForWorkspace(viewer: Viewer | null, workspaceId: string): boolean {
  return canOwnWorkspace(viewer, workspaceId);
}

/** Moving a subscription from one workspace to a team: the owner of both. */
export function canMoveSubscription(viewer: Viewer | null, fromWorkspaceId: string, to: { id: string; kind: WorkspaceKind }): boolean {
  return to.kind === 'team' && to.id !== fromWorkspaceId && canOwnWorkspace(viewer, fromWorkspaceId) && canOwnWorkspace(viewer, to.id);
}

// Brand kits and their fonts and logos (docs/product-rules.md#brand-kits).

/** Listing, creating and changing a workspace's brand kits, uploading fonts and logos: any member. */
export function canUseBrandKits(viewer: Viewer | null, workspaceId: string): boolean {
  return roleIn(viewer, workspaceId) !== null;
}

/**
 * A set of ads' ZIP: the members of its workspace, wherever they work now, and super admins (as
 * each of its klips). Making ads is for a klip of the workspace one works in (isOwnKlip).
 */
export function canDownloadAdSet(viewer: Viewer | null, set: Owned): boolean {
  return isMemberOrAdmin(viewer, set);
}

/** Saved looks: every member lists, saves, edits and applies them. */
export function canUseLooks(viewer: Viewer | null, workspaceId: string): boolean {
  return roleIn(viewer, workspaceId) !== null;
}

/** Deleting a saved look: the workspace's owner and admins. */
export function canDeleteLook(viewer: Viewer | null, workspaceId: string): boolean {
  return canManageWorkspace(viewer, workspaceId);
}

/** Deleting a brand kit or an uploaded font: the workspace's owner and admins. */
export function canDeleteBrandAssets(viewer: Viewer | null, workspaceId: string): boolean {
  return canManageWorkspace(viewer, workspaceId);
}

// Store sync (docs/product-rules.md#store-sync).

/** Picking the workspace's store products for a batch or the editor, publishing klips onto them and retrying: any member. */
export function canUseStore(viewer: Viewer | null, workspaceId: string): boolean {
  return roleIn(viewer, workspaceId) !== null;
}

// The public API (docs/api.md).

/**
 * Creating and revoking API keys, adding, changing and deleting webhook endpoints and reading
 * their delivery logs: the workspace's owner and admins. A key never manages keys (an API key
 * caller is a plain member of its one workspace, and the routes take no key).
 */
export function canManageApiAccess(viewer: Viewer | null, workspaceId: string): boolean {
  return canManageWorkspace(viewer, workspaceId);
}

// Store sync (docs/product-rules.md#store-sync).

/** Connecting, disconnecting, re-importing and resetting a workspace's store: its owner and admins. */
export function canManageStore(viewer: Viewer | null, workspaceId: string): boolean {
  return canManageWorkspace(viewer, workspaceId);
}
