import type { WorkspaceDetail, WorkspaceList, WorkspaceSummary } from '#contracts/workspaces.ts';
import { AVATAR_MAX_BYTES, profileMessages } from '#contracts/profile.ts';
import { workspaceMessages } from '#contracts/workspaces.ts';
import type { SignedInUser } from '../../http/caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { inspectImage, renderAvatar } from '../../lib/images.ts';
import { canDeleteOrTransferWorkspace, canManageWorkspace, canSeeWorkspace } from '../access/rules.ts';
import { lockedView, viewerFor, type WorkspaceDeps } from './context.ts';
import { workspacePlan } from './plan-repo.ts';
import {
  deleteWorkspace,
  findWorkspace,
  hasLiveSubscription,
  insertMember,
  insertTeam,
  listMembers,
  membershipSummaries,
  openInvitations,
  seatsUsed,
  selectMembership,
  updateWorkspace,
} from './repo.ts';
import { summaryFor, toInvitation, toMember, toSummary } from './serialize.ts';

/** The team of a change by its owner or admins: 404 for strangers, 403 for members who may not. */
function requireManager(user: SignedInUser, workspaceId: string) {
  const viewer = viewerFor(user);
  if (!canSeeWorkspace(viewer, workspaceId)) throw new AppError('NOT_FOUND', workspaceMessages.notFound);
  if (!canManageWorkspace(viewer, workspaceId)) throw new AppError('FORBIDDEN', workspaceMessages.notAllowed);
}

/** Listing, choosing, creating, reading, renaming and deleting workspaces. */
export function createTeamOperations(deps: WorkspaceDeps) {
  const { db, storage } = deps;

  async function summary(userId: string, workspaceId: string): Promise<WorkspaceSummary> {
    const found = await summaryFor(db, storage, userId, workspaceId);
    if (!found) throw new AppError('NOT_FOUND', workspaceMessages.notFound);
    return found;
  }

  async function requireTeam(workspaceId: string) {
    const row = await findWorkspace(db, workspaceId);
    if (!row) throw new AppError('NOT_FOUND', workspaceMessages.notFound);
    if (row.kind !== 'team') throw new AppError('FORBIDDEN', workspaceMessages.personalWorkspace);
    return row;
  }

  return {
    summary,

    async list(user: SignedInUser): Promise<WorkspaceList> {
      const rows = await membershipSummaries(db, user.id);
      const workspaces = await Promise.all(rows.map(async (row) => toSummary(storage, row, await workspacePlan(db, row.id))));
      return { currentId: user.workspace.id, workspaces };
    },

    async select(user: SignedInUser, workspaceId: string): Promise<WorkspaceSummary> {
      if (!canSeeWorkspace(viewerFor(user), workspaceId) || !(await selectMembership(db, workspaceId, user.id)))
        throw new AppError('NOT_FOUND', workspaceMessages.notFound);
      return summary(user.id, workspaceId);
    },

    async create(user: SignedInUser, name: string): Promise<WorkspaceSummary> {
      const team = await db.transaction(async (tx) => {
        const row = await insertTeam(tx, name, user.id);
        await insertMember(tx, row.id, user.id, 'owner');
        return row;
      });
      return summary(user.id, team.id);
    },

    async get(user: SignedInUser, workspaceId: string): Promise<WorkspaceDetail> {
      if (!canSeeWorkspace(viewerFor(user), workspaceId)) throw new AppError('NOT_FOUND', workspaceMessages.notFound);
      const [base, members, invitations, used] = await Promise.all([
        summary(user.id, workspaceId),
        listMembers(db, workspaceId),
        openInvitations(db, workspaceId),
        seatsUsed(db, workspaceId),
      ]);
      const now = new Date();
      return {
        ...base,
        members: members.map((m) => toMember(storage, m)),
        invitations: invitations.map((i) => toInvitation(i, now)),
        seatsUsed: used,
      };
    },

    async rename(user: SignedInUser, workspaceId: string, name: string): Promise<WorkspaceSummary> {
      requireManager(user, workspaceId);
      await requireTeam(workspaceId);
      await updateWorkspace(db, workspaceId, { name });
      return summary(user.id, workspaceId);
    },

    /** The profile avatar's checks and rendering; stored under the team's own key. */
    async setAvatar(user: SignedInUser, workspaceId: string, data: Buffer): Promise<WorkspaceSummary> {
      requireManager(user, workspaceId);
      const before = await requireTeam(workspaceId);
      if (data.length > AVATAR_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', profileMessages.avatarTooLarge);
      await inspectImage(data, { notImageMessage: profileMessages.avatarNotImage });
      const key = `workspace-avatars/${workspaceId}/avatar.webp`;
      await storage.put(key, await renderAvatar(data), { contentType: 'image/webp', visibility: 'public' });
      if (before.avatarKey && before.avatarKey !== key) await storage.delete(before.avatarKey);
      await updateWorkspace(db, workspaceId, { avatarKey: key });
      return summary(user.id, workspaceId);
    },

    /**
     * Deletes a team and, by cascade, every row it owns; its members fall back to the workspace
     * they selected before (their personal one at least). Refused while a subscription is live.
     */
    async remove(user: SignedInUser, workspaceId: string): Promise<void> {
      const avatarKey = await db.transaction(async (tx) => {
        const { workspace, viewer } = await lockedView(tx, viewerFor(user), workspaceId);
        if (workspace.kind !== 'team') throw new AppError('FORBIDDEN', workspaceMessages.personalWorkspace);
        if (!canDeleteOrTransferWorkspace(viewer, workspace)) throw new AppError('FORBIDDEN', workspaceMessages.notAllowed);
        if (await hasLiveSubscription(tx, workspaceId)) throw new AppError('CONFLICT', workspaceMessages.deleteWithSubscription);
        await deleteWorkspace(tx, workspaceId);
        return workspace.avatarKey;
      });
      if (avatarKey) await storage.delete(avatarKey).catch(() => undefined);
    },
  };
}

export type TeamOperations = ReturnType<typeof createTeamOperations>;
