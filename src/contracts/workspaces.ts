import { z } from 'zod';
import { defineContract } from './contract.ts';
import { entitlementKeys } from './entitlements.ts';
import { emailAddress, text } from './fields.ts';
import { planIds } from './plans.ts';
import { invitableRoles, workspaceKinds, workspaceRoles } from './workspace-kinds.ts';

/** What users read about workspaces, teams and invitations (docs/product-rules.md#workspaces). */
export const workspaceMessages = {
  notFound: 'Workspace not found',
  nameRequired: 'Team name is required',
  nameTooLong: 'Team name must be at most 60 characters',
  invitationNotFound: 'This invitation link is not valid.',
  invitationExpired: 'This invitation has expired. Ask the team for a new one.',
  invitationUsed: 'This invitation has already been used.',
  invitationRevoked: 'This invitation was withdrawn. Ask the team for a new one.',
  invitationWrongEmail: (email: string) => `This invitation is for ${email}. Sign in with that address to accept it.`,
  alreadyMember: 'That person is already a member of this team.',
  alreadyInvited: 'That address already has an open invitation. Re-send it instead.',
  memberNotFound: 'Member not found',
  notAllowed: 'Your role in this team does not allow this.',
  personalWorkspace: 'Your personal workspace cannot be shared, left, deleted or handed over.',
  ownerCannotLeave: 'Hand the team over to another member, or delete it, before you leave.',
  newOwnerNotMember: 'Ownership can only go to a member of this team.',
  deleteWithSubscription: 'This team still has an active subscription. Cancel it or move it first.',
  subscriptionMoveNotOwner: 'You can only move a subscription to a team you own.',
  noSubscriptionToMove: 'This workspace has no active subscription to move.',
  targetHasSubscription: 'That team already has an active subscription.',
} as const;

const workspaceId = z.uuid(workspaceMessages.notFound);
/** A member's user id (better-auth's ids); anything else names nobody. */
const memberId = text({ required: workspaceMessages.memberNotFound, max: [64, workspaceMessages.memberNotFound] }).regex(
  /^[A-Za-z0-9_-]+$/,
  workspaceMessages.memberNotFound,
);
const teamName = text({ required: workspaceMessages.nameRequired, max: [60, workspaceMessages.nameTooLong], name: true });

export const WorkspaceSummary = z
  .object({
    id: z.string(),
    kind: z.enum(workspaceKinds),
    name: z.string(),
    avatarUrl: z.string().nullable(),
    /** The caller's role in it. */
    role: z.enum(workspaceRoles),
    /** The plan its subscription is on, or null (no plan, or the subscription lapsed). */
    plan: z.enum(planIds).nullable(),
    seats: z.number().int(),
    memberCount: z.number().int(),
    /** What its plan unlocks, feature by feature (src/contracts/entitlements.ts). */
    entitlements: z.record(z.enum(entitlementKeys), z.boolean()),
  })
  .meta({ id: 'WorkspaceSummary' });
export type WorkspaceSummary = z.infer<typeof WorkspaceSummary>;

export const WorkspaceList = z.object({ currentId: z.string(), workspaces: z.array(WorkspaceSummary) }).meta({ id: 'WorkspaceList' });
export type WorkspaceList = z.infer<typeof WorkspaceList>;

export const WorkspaceMember = z
  .object({
    userId: z.string(),
    displayName: z.string(),
    email: z.string(),
    avatarUrl: z.string().nullable(),
    role: z.enum(workspaceRoles),
    joinedAt: z.iso.datetime(),
  })
  .meta({ id: 'WorkspaceMember' });
export type WorkspaceMember = z.infer<typeof WorkspaceMember>;

export const WorkspaceInvitation = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(invitableRoles),
    invitedBy: z.string().nullable(),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    expired: z.boolean(),
  })
  .meta({ id: 'WorkspaceInvitation' });
export type WorkspaceInvitation = z.infer<typeof WorkspaceInvitation>;

export const WorkspaceDetail = WorkspaceSummary.extend({
  members: z.array(WorkspaceMember),
  /** Open invitations (not accepted, not revoked), expired ones included so they can be re-sent; members see them too. */
  invitations: z.array(WorkspaceInvitation),
  /** Members plus open, unexpired invitations: what the seat limit counts. */
  seatsUsed: z.number().int(),
}).meta({ id: 'WorkspaceDetail' });
export type WorkspaceDetail = z.infer<typeof WorkspaceDetail>;

const workspaceParams = z.object({ workspaceId });

export const listWorkspaces = defineContract({
  method: 'GET',
  path: '/api/workspaces',
  summary: 'Your workspaces (personal first, then teams) and which one you are working in',
  tags: ['workspaces'],
  status: 200,
  response: WorkspaceList,
  errors: [401, 403],
  auth: 'verified',
});

export const selectWorkspace = defineContract({
  method: 'PUT',
  path: '/api/workspaces/current',
  summary: 'Work in another of your workspaces (kept across reloads and devices)',
  tags: ['workspaces'],
  body: z.object({ workspaceId }).strict(),
  status: 200,
  response: WorkspaceSummary,
  errors: [400, 401, 403, 404],
  auth: 'verified',
});

/** A team's name, as creating and renaming a team take it (the web's forms check with it too). */
export const TeamNameRequest = z.object({ name: teamName }).strict();

export const createTeam = defineContract({
  method: 'POST',
  path: '/api/workspaces',
  summary: 'Create a team workspace; you are its owner and start working in it',
  tags: ['workspaces'],
  body: TeamNameRequest,
  status: 201,
  response: WorkspaceSummary,
  errors: [400, 401, 403, 429],
  auth: 'verified',
});

export const getWorkspace = defineContract({
  method: 'GET',
  path: '/api/workspaces/:workspaceId',
  summary: 'A workspace with its members and open invitations (members only; 404 for anyone else)',
  tags: ['workspaces'],
  params: workspaceParams,
  status: 200,
  response: WorkspaceDetail,
  errors: [400, 401, 403, 404],
  auth: 'verified',
});

export const renameTeam = defineContract({
  method: 'PATCH',
  path: '/api/workspaces/:workspaceId',
  summary: 'Rename a team (owner and admins)',
  tags: ['workspaces'],
  params: workspaceParams,
  body: TeamNameRequest,
  status: 200,
  response: WorkspaceSummary,
  errors: [400, 401, 403, 404],
  auth: 'verified',
});

export const uploadTeamAvatar = defineContract({
  method: 'POST',
  path: '/api/workspaces/:workspaceId/avatar',
  summary: 'Set the team\'s avatar (owner and admins; multipart field "file"; PNG, JPEG, GIF or WebP under 5 MB)',
  tags: ['workspaces'],
  params: workspaceParams,
  consumes: 'multipart/form-data',
  status: 200,
  response: WorkspaceSummary,
  errors: [400, 401, 403, 404, 413, 415],
  auth: 'verified',
});

export const deleteTeam = defineContract({
  method: 'DELETE',
  path: '/api/workspaces/:workspaceId',
  summary: 'Delete a team and everything in it (owner only; not while a subscription is active)',
  tags: ['workspaces'],
  params: workspaceParams,
  status: 204,
  response: z.void(),
  errors: [400, 401, 403, 404, 409],
  auth: 'verified',
});

/** Who is invited and as what (the web's invite form checks with it too). */
export const InviteMemberRequest = z.object({ email: emailAddress, role: z.enum(invitableRoles) }).strict();

export const inviteMember = defineContract({
  method: 'POST',
  path: '/api/workspaces/:workspaceId/invitations',
  summary: 'Invite someone by email (owner and admins; needs a free seat on a plan with team sharing)',
  tags: ['workspaces'],
  params: workspaceParams,
  body: InviteMemberRequest,
  entitlement: 'teamSharing',
  status: 201,
  response: WorkspaceInvitation,
  errors: [400, 401, 403, 404, 409, 429],
  auth: 'verified',
});

const invitationParams = z.object({ workspaceId, invitationId: z.uuid(workspaceMessages.invitationNotFound) });

export const resendInvitation = defineContract({
  method: 'POST',
  path: '/api/workspaces/:workspaceId/invitations/:invitationId/resend',
  summary: 'Send an invitation again with a new link, valid 7 days from now (the old link stops working)',
  tags: ['workspaces'],
  params: invitationParams,
  entitlement: 'teamSharing',
  status: 200,
  response: WorkspaceInvitation,
  errors: [400, 401, 403, 404, 429],
  auth: 'verified',
});

export const revokeInvitation = defineContract({
  method: 'DELETE',
  path: '/api/workspaces/:workspaceId/invitations/:invitationId',
  summary: 'Withdraw an open invitation (its link stops working)',
  tags: ['workspaces'],
  params: invitationParams,
  status: 204,
  response: z.void(),
  errors: [400, 401, 403, 404],
  auth: 'verified',
});

const memberParams = z.object({ workspaceId, userId: memberId });

export const changeMemberRole = defineContract({
  method: 'PATCH',
  path: '/api/workspaces/:workspaceId/members/:userId',
  summary: "Change a member's role below owner (owner and admins)",
  tags: ['workspaces'],
  params: memberParams,
  body: z.object({ role: z.enum(invitableRoles) }).strict(),
  status: 200,
  response: WorkspaceMember,
  errors: [400, 401, 403, 404],
  auth: 'verified',
});

export const removeMember = defineContract({
  method: 'DELETE',
  path: '/api/workspaces/:workspaceId/members/:userId',
  summary: 'Remove a member (owner and admins), or leave the team (your own id); what they made stays in the team',
  tags: ['workspaces'],
  params: memberParams,
  status: 204,
  response: z.void(),
  errors: [400, 401, 403, 404],
  auth: 'verified',
});

export const transferOwnership = defineContract({
  method: 'POST',
  path: '/api/workspaces/:workspaceId/transfer',
  summary: 'Hand the team over to another member (owner only); you stay on as an admin',
  tags: ['workspaces'],
  params: workspaceParams,
  body: z.object({ userId: memberId }).strict(),
  status: 200,
  response: WorkspaceDetail,
  errors: [400, 401, 403, 404, 409],
  auth: 'verified',
});

export const InvitationPreview = z
  .object({
    workspaceName: z.string(),
    workspaceAvatarUrl: z.string().nullable(),
    invitedBy: z.string().nullable(),
    /** The invited address: the person must sign in (or sign up) with it. */
    email: z.string(),
    role: z.enum(invitableRoles),
    status: z.enum(['open', 'expired', 'accepted', 'revoked']),
    /** Whether an account with that address exists: the page offers sign-in or sign-up. */
    hasAccount: z.boolean(),
  })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreview = z.infer<typeof InvitationPreview>;

const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, workspaceMessages.invitationNotFound) });

export const previewInvitation = defineContract({
  method: 'GET',
  path: '/api/invitations/:token',
  summary: 'What an emailed invitation link is for (anyone holding the link)',
  tags: ['workspaces'],
  params: tokenParams,
  status: 200,
  response: InvitationPreview,
  errors: [400, 404, 429],
  auth: 'public',
});

export const acceptInvitation = defineContract({
  method: 'POST',
  path: '/api/invitations/:token/accept',
  summary: 'Join the team (signed in with the invited, verified address); you start working in it',
  tags: ['workspaces'],
  params: tokenParams,
  status: 200,
  response: WorkspaceSummary,
  errors: [400, 401, 403, 404, 409, 429],
  auth: 'verified',
});
