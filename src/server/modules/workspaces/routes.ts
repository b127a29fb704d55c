import { teamRateLimits } from '#contracts/limits.ts';
import { AVATAR_MAX_BYTES, profileMessages } from '#contracts/profile.ts';
import { uploadMessages } from '#contracts/uploads.ts';
import {
  acceptInvitation,
  changeMemberRole,
  createTeam,
  deleteTeam,
  getWorkspace,
  inviteMember,
  listWorkspaces,
  previewInvitation,
  removeMember,
  renameTeam,
  resendInvitation,
  revokeInvitation,
  selectWorkspace,
  transferOwnership,
  uploadTeamAvatar,
} from '#contracts/workspaces.ts';
import { readSingleFile } from '../../http/multipart.ts';
import { clientIp, type RateLimiter } from '../../http/rate-limit.ts';
import type { Router } from '../../http/router.ts';
import { AppError } from '../../lib/app-error.ts';
import type { WorkspaceService } from './service.ts';

/** Workspaces and invitations; the router already answered 404 to non-members of a `/:workspaceId`. */
export function registerWorkspaceRoutes(router: Router, deps: { workspaces: WorkspaceService; rateLimiter: RateLimiter }): void {
  const { teams, members, invitations } = deps.workspaces;
  const { rateLimiter } = deps;

  router.add(listWorkspaces, { handler: ({ user }) => teams.list(user) });
  router.add(selectWorkspace, { handler: ({ user, body }) => teams.select(user, body.workspaceId) });
  router.add(createTeam, {
    handler: async ({ user, body }) => {
      await rateLimiter.hit(teamRateLimits.create, user.id);
      return teams.create(user, body.name);
    },
  });
  router.add(getWorkspace, { handler: ({ user, params }) => teams.get(user, params.workspaceId) });
  router.add(renameTeam, { handler: ({ user, params, body }) => teams.rename(user, params.workspaceId, body.name) });
  router.add(uploadTeamAvatar, {
    handler: async ({ req, user, params }) => {
      const file = await readSingleFile(req, { maxBytes: AVATAR_MAX_BYTES, tooLargeMessage: profileMessages.avatarTooLarge });
      if (!file) throw new AppError('BAD_REQUEST', uploadMessages.missing);
      return teams.setAvatar(user, params.workspaceId, file.data);
    },
  });
  router.add(deleteTeam, { handler: ({ user, params }) => teams.remove(user, params.workspaceId) });

  router.add(inviteMember, {
    handler: async ({ user, params, body }) => {
      await rateLimiter.hit(teamRateLimits.invite, user.id);
      return invitations.invite(user, params.workspaceId, body.email, body.role);
    },
  });
  router.add(resendInvitation, {
    handler: async ({ user, params }) => {
      await rateLimiter.hit(teamRateLimits.invite, user.id);
      return invitations.resend(user, params.workspaceId, params.invitationId);
    },
  });
  router.add(revokeInvitation, { handler: ({ user, params }) => invitations.revoke(user, params.workspaceId, params.invitationId) });

  router.add(changeMemberRole, {
    handler: ({ user, params, body }) => members.changeRole(user, params.workspaceId, params.userId, body.role),
  });
  router.add(removeMember, { handler: ({ user, params }) => members.remove(user, params.workspaceId, params.userId) });
  router.add(transferOwnership, {
    handler: async ({ user, params, body }) => {
      await members.transfer(user, params.workspaceId, body.userId);
      return teams.get(user, params.workspaceId);
    },
  });

  router.add(previewInvitation, {
    handler: async ({ req, params }) => {
      await rateLimiter.hit(teamRateLimits.previewIp, clientIp(req));
      return invitations.preview(params.token);
    },
  });
  router.add(acceptInvitation, {
    handler: async ({ user, params }) => {
      await rateLimiter.hit(teamRateLimits.accept, user.id);
      return invitations.accept(user, params.token);
    },
  });
}
