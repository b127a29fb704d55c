import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitableRole } from '#contracts/workspace-kinds.ts';
import type { WorkspaceDetail } from '#contracts/workspaces.ts';
import { callApi, uploadFile } from '#web/lib/api-client.ts';
import { contractQuery, invalidateContract } from '#web/lib/contract-query.ts';
import { workspaceChanged, workspacesQueryOptions } from '#web/lib/workspaces/workspaces.ts';
import {
  acceptInvitation,
  changeMemberRole,
  deleteTeam,
  getWorkspace,
  inviteMember,
  listWorkspaces,
  moveSubscription,
  previewInvitation,
  removeMember,
  renameTeam,
  resendInvitation,
  revokeInvitation,
  transferOwnership,
  uploadTeamAvatar,
} from '#contracts/routes.ts';

export const teamQueryOptions = (workspaceId: string) => contractQuery(getWorkspace, { params: { workspaceId } });

export function useTeam(workspaceId: string) {
  return useQuery(teamQueryOptions(workspaceId));
}

/**
 * A change to a team: its page reloads (members, invitations, seats) and so does the switcher's list
 * (name, avatar, member count).
 */
function useTeamChange<TVariables, TResult>(workspaceId: string, key: string, call: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teams', workspaceId, key],
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamQueryOptions(workspaceId).queryKey }),
        invalidateContract(queryClient, listWorkspaces),
      ]);
    },
  });
}

export function useRenameTeam(workspaceId: string) {
  return useTeamChange(workspaceId, 'rename', (name: string) => callApi(renameTeam, { params: { workspaceId }, body: { name } }));
}

export function useUploadTeamAvatar(workspaceId: string) {
  return useTeamChange(workspaceId, 'avatar', (file: File) => uploadFile(uploadTeamAvatar, file, { params: { workspaceId } }));
}

export function useInviteMember(workspaceId: string) {
  return useTeamChange(workspaceId, 'invite', (body: { email: string; role: InvitableRole }) =>
    callApi(inviteMember, { params: { workspaceId }, body }),
  );
}

export function useResendInvitation(workspaceId: string) {
  return useTeamChange(workspaceId, 'resend', (invitationId: string) =>
    callApi(resendInvitation, { params: { workspaceId, invitationId } }),
  );
}

export function useRevokeInvitation(workspaceId: string) {
  return useTeamChange(workspaceId, 'revoke', (invitationId: string) =>
    callApi(revokeInvitation, { params: { workspaceId, invitationId } }),
  );
}

export function useChangeMemberRole(workspaceId: string) {
  return useTeamChange(workspaceId, 'role', ({ userId, role }: { userId: string; role: InvitableRole }) =>
    callApi(changeMemberRole, { params: { workspaceId, userId }, body: { role } }),
  );
}

export function useRemoveMember(workspaceId: string) {
  return useTeamChange(workspaceId, 'remove', (userId: string) => callApi(removeMember, { params: { workspaceId, userId } }));
}

export function useTransferOwnership(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teams', workspaceId, 'transfer'],
    mutationFn: (userId: string) => callApi(transferOwnership, { params: { workspaceId }, body: { userId } }),
    onSuccess: async (detail: WorkspaceDetail) => {
      queryClient.setQueryData(teamQueryOptions(workspaceId).queryKey, detail);
      await invalidateContract(queryClient, listWorkspaces);
    },
  });
}

/**
 * Leaving a team or deleting it: when it was the current workspace the server works in another one
 * now, so every workspace-scoped answer in the cache is reset (as after a switch) once the list is known.
 */
function useGoneFromTeam<TVariables>(workspaceId: string, key: string, call: (variables: TVariables) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teams', workspaceId, key],
    mutationFn: call,
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: teamQueryOptions(workspaceId).queryKey });
      const list = await queryClient.fetchQuery({ ...workspacesQueryOptions, staleTime: 0 });
      const now = list.workspaces.find((w) => w.id === list.currentId);
      if (now) await workspaceChanged(queryClient, now);
    },
  });
}

export function useDeleteTeam(workspaceId: string) {
  return useGoneFromTeam(workspaceId, 'delete', () => callApi(deleteTeam, { params: { workspaceId } }));
}

export function useLeaveTeam(workspaceId: string) {
  return useGoneFromTeam(workspaceId, 'leave', (userId: string) => callApi(removeMember, { params: { workspaceId, userId } }));
}

export const invitationQueryOptions = (token: string) => contractQuery(previewInvitation, { params: { token } }, { retry: false });

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}

/** Join the team: the server makes it the current workspace, so the cache moves over as after a switch. */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['invitations', 'accept'],
    mutationFn: () => callApi(acceptInvitation, { params: { token } }),
    onSuccess: (team) => workspaceChanged(queryClient, team),
  });
}

/**
 * The owner moves the plan of their personal workspace to this team. A move takes the subscription of
 * the current workspace, so the personal one is made current for the call, and the workspace that was
 * current before is made current again afterwards, whether the move worked or not.
 */
export function useMoveSubscription(teamId: string, personalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teams', teamId, 'move-subscription'],
    mutationFn: () => callApi(moveSubscription, { body: { workspaceId: teamId, fromWorkspaceId: personalId } }),
    // The team's plan, seats and entitlements, and both workspaces' billing, changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
