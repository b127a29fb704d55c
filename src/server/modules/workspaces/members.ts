import type { InvitableRole } from '#contracts/workspace-kinds.ts';
import { workspaceMessages, type WorkspaceMember } from '#contracts/workspaces.ts';
import type { SignedInUser } from '../../http/caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { canAssignRole, canDeleteOrTransferWorkspace, canLeaveWorkspace, canManageMember } from '../access/rules.ts';
import { lockedView, viewerFor, type WorkspaceDeps } from './context.ts';
import { deleteMember, listMembers, roleOf, setRole } from './repo.ts';
import { toMember } from './serialize.ts';

/**
 * Roles, removals, leaving and handing a team over. Each runs with the workspace's row locked and
 * re-reads the roles involved, so concurrent changes apply one after another and the team keeps
 * exactly one owner (the unique partial index would refuse a second one anyway).
 */
export function createMemberOperations(deps: WorkspaceDeps) {
  const { db, storage } = deps;

  return {
    async changeRole(user: SignedInUser, workspaceId: string, userId: string, role: InvitableRole): Promise<WorkspaceMember> {
      return db.transaction(async (tx) => {
        const { workspace, viewer } = await lockedView(tx, viewerFor(user), workspaceId);
        if (workspace.kind !== 'team') throw new AppError('FORBIDDEN', workspaceMessages.personalWorkspace);
        const current = await roleOf(tx, workspaceId, userId);
        if (!current) throw new AppError('NOT_FOUND', workspaceMessages.memberNotFound);
        if (!canAssignRole(viewer, workspaceId, { userId, role: current }, role))
          throw new AppError('FORBIDDEN', workspaceMessages.notAllowed);
        await setRole(tx, workspaceId, userId, role);
        const [row] = await listMembers(tx, workspaceId, userId);
        return toMember(storage, row!);
      });
    },

    /** Removes a member (owner and admins), or leaves (the caller's own id). What they made stays in the team. */
    async remove(user: SignedInUser, workspaceId: string, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { workspace, viewer } = await lockedView(tx, viewerFor(user), workspaceId);
        if (workspace.kind !== 'team') throw new AppError('FORBIDDEN', workspaceMessages.personalWorkspace);
        if (userId === user.id) {
          if (!canLeaveWorkspace(viewer, workspace)) throw new AppError('FORBIDDEN', workspaceMessages.ownerCannotLeave);
        } else {
          const current = await roleOf(tx, workspaceId, userId);
          if (!current) throw new AppError('NOT_FOUND', workspaceMessages.memberNotFound);
          if (!canManageMember(viewer, workspaceId, { userId, role: current }))
            throw new AppError('FORBIDDEN', workspaceMessages.notAllowed);
        }
        await deleteMember(tx, workspaceId, userId);
      });
    },

    /** The owner hands the team to another member and stays on as an admin, in one transaction. */
    async transfer(user: SignedInUser, workspaceId: string, newOwnerId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { workspace, viewer } = await lockedView(tx, viewerFor(user), workspaceId);
        if (workspace.kind !== 'team') throw new AppError('FORBIDDEN', workspaceMessages.personalWorkspace);
        if (!canDeleteOrTransferWorkspace(viewer, workspace)) throw new AppError('FORBIDDEN', workspaceMessages.notAllowed);
        if (newOwnerId === user.id || !(await roleOf(tx, workspaceId, newOwnerId)))
          throw new AppError('CONFLICT', workspaceMessages.newOwnerNotMember);
        // Demote first: the one-owner index is checked per statement.
        await setRole(tx, workspaceId, user.id, 'admin');
        await setRole(tx, workspaceId, newOwnerId, 'owner');
      });
    },
  };
}

export type MemberOperations = ReturnType<typeof createMemberOperations>;
