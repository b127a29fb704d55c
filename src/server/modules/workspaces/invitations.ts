import { entitlementMessages, lowestPlanWithSeats, seatsOf } from '#contracts/entitlements.ts';
import type { InvitableRole } from '#contracts/workspace-kinds.ts';
import { workspaceMessages, type InvitationPreview, type WorkspaceInvitation, type WorkspaceSummary } from '#contracts/workspaces.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { SignedInUser } from '../../http/caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { canManageWorkspace } from '../access/rules.ts';
import { sendEmailJob } from '../mail/jobs.ts';
import { teamInvitationEmail } from '../mail/templates.ts';
import { avatarUrl, defaultDisplayName } from '../profiles/service.ts';
import { lockedView, viewerFor, type WorkspaceDeps } from './context.ts';
import { workspacePlan } from './plan-repo.ts';
import {
  accountExists,
  findInvitationWithInviter,
  findWorkspace,
  hasOpenInvitation,
  insertInvitation,
  insertMember,
  isMemberByEmail,
  listMembers,
  lockInvitation,
  lockWorkspace,
  memberCount,
  roleOf,
  seatsUsed,
  updateInvitation,
  type InvitationRow,
  type WorkspaceRow,
} from './repo.ts';
import { summaryFor, toInvitation } from './serialize.ts';
import { hashInvitationToken, invitationExpiry, newInvitationToken } from './tokens.ts';

function statusOf(row: InvitationRow, now = new Date()): InvitationPreview['status'] {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open';
}

/** SEAT_LIMIT unless `used` seats leave room for one more (members plus open invitations). */
async function requireFreeSeat(tx: DbOrTx, workspaceId: string, used: number): Promise<void> {
  const seats = seatsOf(await workspacePlan(tx, workspaceId));
  if (used + 1 > seats) throw new AppError('SEAT_LIMIT', entitlementMessages.seatLimit(seats), { plan: lowestPlanWithSeats(seats + 1) });
}

/** Locks the team and checks the caller may manage its invitations. */
async function managedTeam(tx: DbOrTx, user: SignedInUser, workspaceId: string): Promise<WorkspaceRow> {
  const { workspace, viewer } = await lockedView(tx, viewerFor(user), workspaceId);
  if (workspace.kind !== 'team') throw new AppError('FORBIDDEN', workspaceMessages.personalWorkspace);
  if (!canManageWorkspace(viewer, workspaceId)) throw new AppError('FORBIDDEN', workspaceMessages.notAllowed);
  return workspace;
}

async function openInvitationOf(tx: DbOrTx, workspaceId: string, invitationId: string): Promise<InvitationRow> {
  const row = await lockInvitation(tx, { id: invitationId });
  if (!row || row.workspaceId !== workspaceId || row.acceptedAt || row.revokedAt)
    throw new AppError('NOT_FOUND', workspaceMessages.invitationNotFound);
  return row;
}

async function serialized(tx: DbOrTx, id: string): Promise<WorkspaceInvitation> {
  return toInvitation((await findInvitationWithInviter(tx, { id }))!);
}

/**
 * Emailed invitations: the link's secret is stored only as its hash, works once and for a limited
 * time; re-sending replaces it (the old link dies). Accepting re-checks everything under the team's lock.
 */
export function createInvitationOperations(deps: WorkspaceDeps) {
  const { db, storage, jobs } = deps;

  /** Queues the email with the transaction: a rolled-back invitation sends nothing. */
  async function sendLink(tx: DbOrTx, user: SignedInUser, team: WorkspaceRow, email: string, token: string): Promise<void> {
    const [inviter] = await listMembers(tx, team.id, user.id);
    const inviterName = inviter?.display_name ?? defaultDisplayName(user.email);
    const url = new URL(`/invitations/${token}`, deps.appUrl).toString();
    await jobs.send(sendEmailJob, teamInvitationEmail(email, team.name, inviterName, url), { tx });
  }

  return {
    async invite(user: SignedInUser, workspaceId: string, email: string, role: InvitableRole): Promise<WorkspaceInvitation> {
      const address = email.toLowerCase();
      return db.transaction(async (tx) => {
        const team = await managedTeam(tx, user, workspaceId);
        if (await isMemberByEmail(tx, workspaceId, address)) throw new AppError('CONFLICT', workspaceMessages.alreadyMember);
        if (await hasOpenInvitation(tx, workspaceId, address)) throw new AppError('CONFLICT', workspaceMessages.alreadyInvited);
        await requireFreeSeat(tx, workspaceId, await seatsUsed(tx, workspaceId));
        const { token, tokenHash } = newInvitationToken();
        const row = await insertInvitation(tx, {
          workspaceId,
          email: address,
          role,
          tokenHash,
          invitedBy: user.id,
          expiresAt: invitationExpiry(),
        });
        await sendLink(tx, user, team, address, token);
        return serialized(tx, row.id);
      });
    },

    async resend(user: SignedInUser, workspaceId: string, invitationId: string): Promise<WorkspaceInvitation> {
      return db.transaction(async (tx) => {
        const team = await managedTeam(tx, user, workspaceId);
        const row = await openInvitationOf(tx, workspaceId, invitationId);
        // An expired invitation held no seat: sending it again takes one.
        await requireFreeSeat(tx, workspaceId, await seatsUsed(tx, workspaceId, row.id));
        const { token, tokenHash } = newInvitationToken();
        await updateInvitation(tx, row.id, { tokenHash, expiresAt: invitationExpiry(), invitedBy: user.id });
        await sendLink(tx, user, team, row.email, token);
        return serialized(tx, row.id);
      });
    },

    async revoke(user: SignedInUser, workspaceId: string, invitationId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await managedTeam(tx, user, workspaceId);
        const row = await openInvitationOf(tx, workspaceId, invitationId);
        await updateInvitation(tx, row.id, { revokedAt: new Date() });
      });
    },

    async preview(token: string): Promise<InvitationPreview> {
      const row = await findInvitationWithInviter(db, { tokenHash: hashInvitationToken(token) });
      const team = row && (await findWorkspace(db, row.workspaceId));
      if (!row || !team) throw new AppError('NOT_FOUND', workspaceMessages.invitationNotFound);
      return {
        workspaceName: team.name,
        workspaceAvatarUrl: avatarUrl(storage, team.avatarKey, team.updatedAt.getTime()),
        invitedBy: row.inviterName,
        email: row.email,
        role: row.role,
        status: statusOf(row),
        hasAccount: await accountExists(db, row.email),
      };
    },

    /** Joins the team with the invitation's role and makes it the current workspace. */
    async accept(user: SignedInUser, token: string): Promise<WorkspaceSummary> {
      const workspaceId = await db.transaction(async (tx) => {
        const row = await lockInvitation(tx, { tokenHash: hashInvitationToken(token) });
        if (!row) throw new AppError('NOT_FOUND', workspaceMessages.invitationNotFound);
        if (row.email.toLowerCase() !== user.email.toLowerCase())
          throw new AppError('FORBIDDEN', workspaceMessages.invitationWrongEmail(row.email));
        switch (statusOf(row)) {
          case 'revoked':
            throw new AppError('NOT_FOUND', workspaceMessages.invitationRevoked);
          case 'accepted':
            throw new AppError('CONFLICT', workspaceMessages.invitationUsed);
          case 'expired':
            throw new AppError('CONFLICT', workspaceMessages.invitationExpired);
          case 'open':
            break;
        }
        if (!(await lockWorkspace(tx, row.workspaceId))) throw new AppError('NOT_FOUND', workspaceMessages.invitationNotFound);
        if (await roleOf(tx, row.workspaceId, user.id)) throw new AppError('CONFLICT', workspaceMessages.alreadyMember);
        // The invitation held a seat, but the plan may have shrunk since: members alone must still fit.
        await requireFreeSeat(tx, row.workspaceId, await memberCount(tx, row.workspaceId));
        await insertMember(tx, row.workspaceId, user.id, row.role);
        await updateInvitation(tx, row.id, { acceptedAt: new Date(), acceptedBy: user.id });
        return row.workspaceId;
      });
      return (await summaryFor(db, storage, user.id, workspaceId))!;
    },
  };
}

export type InvitationOperations = ReturnType<typeof createInvitationOperations>;
