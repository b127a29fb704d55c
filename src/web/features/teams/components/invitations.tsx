import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { entitlementMessages, lowestPlanWith } from '#contracts/entitlements.ts';
import { planById } from '#contracts/plans.ts';
import { invitableRoles } from '#contracts/workspace-kinds.ts';
import { InviteMemberRequest, type WorkspaceDetail, type WorkspaceInvitation } from '#contracts/workspaces.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, buttonStyles } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { formatDate } from '#web/lib/format-date.ts';
import { workspaceTexts } from '#web/lib/texts.ts';
import { PlanLink } from './plan-link.tsx';
import { useInviteMember, useResendInvitation, useRevokeInvitation } from '../api/teams.ts';
import { teamTexts } from '../texts.ts';

type InviteInput = z.input<typeof InviteMemberRequest>;
type InviteData = z.output<typeof InviteMemberRequest>;

const roleOptions = invitableRoles.map((role) => ({ value: role, label: workspaceTexts.roles[role] }));

/** Open invitations (members see them too; the owner and admins re-send and revoke them). */
export function PendingInvitations({ team, canManage }: { team: WorkspaceDetail; canManage: boolean }) {
  const resend = useResendInvitation(team.id);
  const revoke = useRevokeInvitation(team.id);
  const failure = resend.error ?? revoke.error;
  const busy = resend.isPending || revoke.isPending;

  const actions = [
    { mutation: resend, variant: 'secondary', label: teamTexts.resend, labelFor: teamTexts.resendTo, done: teamTexts.resent },
    { mutation: revoke, variant: 'ghost', label: teamTexts.revoke, labelFor: teamTexts.revokeFor, done: teamTexts.revoked },
  ] as const;

  const act = (action: (typeof actions)[number], invitation: WorkspaceInvitation) => {
    resend.reset();
    revoke.reset();
    action.mutation.mutate(invitation.id, { onSuccess: () => toast(action.done(invitation.email), 'success') });
  };

  return (
    <section aria-labelledby="team-invitations" className="flex flex-col gap-3">
      <h2 id="team-invitations" className="text-lg font-semibold text-ink-900">
        {teamTexts.invitations}
      </h2>
      {failure && (
        <Alert tone="error" title={teamTexts.actionFailed}>
          {userMessage(failure)}
        </Alert>
      )}
      {team.invitations.length === 0 ? (
        <p className="text-sm text-ink-600">{teamTexts.noInvitations}</p>
      ) : (
        <ul className="divide-y divide-ink-100 rounded-xl ring-1 ring-ink-200" data-testid="invitations">
          {team.invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="invitation">
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-semibold text-ink-900">{invitation.email}</span>
                <span className="flex flex-wrap items-center gap-2 text-sm text-ink-600">
                  {teamTexts.invitedAs(workspaceTexts.roles[invitation.role])}
                  <span aria-hidden="true">·</span>
                  {invitation.expired ? (
                    <Badge tone="warning">{teamTexts.expired}</Badge>
                  ) : (
                    <span>{teamTexts.expires(formatDate(invitation.expiresAt))}</span>
                  )}
                </span>
              </span>
              {canManage && (
                <span className="flex gap-2">
                  {actions.map((action) => (
                    <Button
                      key={action.label}
                      variant={action.variant}
                      size="sm"
                      disabled={busy}
                      loading={action.mutation.isPending && action.mutation.variables === invitation.id}
                      aria-label={action.labelFor(invitation.email)}
                      onClick={() => act(action, invitation)}
                    >
                      {action.label}
                    </Button>
                  ))}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Invite by email and role. On a plan without team sharing the area stays on screen, locked, with
 * the reason and the way to the plan that unlocks it; the server's refusals (seat limit, plan)
 * show their own message.
 */
export function InviteArea({ team, canManage }: { team: WorkspaceDetail; canManage: boolean }) {
  const unlocked = team.entitlements.teamSharing;
  return (
    <section aria-labelledby="team-invite" className="flex flex-col gap-3" data-testid="invite-area">
      <h2 id="team-invite" className="flex items-center gap-2 text-lg font-semibold text-ink-900">
        {!unlocked && <Lock className="size-4 text-ink-500" aria-hidden="true" />}
        {teamTexts.invite}
      </h2>
      {unlocked ? canManage && <InviteForm team={team} /> : <LockedInvite workspaceId={team.id} />}
    </section>
  );
}

function LockedInvite({ workspaceId }: { workspaceId: string }) {
  const plan = planById(lowestPlanWith('teamSharing')).name;
  return (
    <div
      className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-ink-300 bg-ink-50 p-4"
      data-testid="invite-locked"
    >
      <p className="font-semibold text-ink-900">{teamTexts.lockedTitle}</p>
      <p className="text-sm text-ink-700">{entitlementMessages.planRequired('teamSharing')}</p>
      <PlanLink workspaceId={workspaceId} className={buttonStyles({ variant: 'primary', size: 'sm' })}>
        {teamTexts.upgradeTo(plan)}
      </PlanLink>
    </div>
  );
}

function InviteForm({ team }: { team: WorkspaceDetail }) {
  const invite = useInviteMember(team.id);
  const form = useForm<InviteInput, unknown, InviteData>({
    resolver: zodResolver(InviteMemberRequest),
    defaultValues: { email: '', role: 'member' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await invite.mutateAsync(body);
      toast(teamTexts.invited(body.email), 'success');
      form.reset();
    } catch {
      // Shown from invite.error below.
    }
  });
  return (
    <form
      onSubmit={(e) => {
        invite.reset();
        void onSubmit(e);
      }}
      className="flex flex-col gap-4"
      aria-label={teamTexts.invite}
      noValidate
    >
      <p className="text-sm text-ink-600">{teamTexts.inviteIntro}</p>
      {invite.error && (
        <Alert tone="error" title={teamTexts.inviteFailed}>
          {userMessage(invite.error)}
        </Alert>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field label={teamTexts.email} error={errors.email?.message} className="flex-1">
          <Input type="email" autoComplete="off" inputMode="email" placeholder={teamTexts.emailPlaceholder} {...form.register('email')} />
        </Field>
        <Field label={teamTexts.role} error={errors.role?.message} className="sm:w-36">
          <Select options={roleOptions} {...form.register('role')} />
        </Field>
        <Button type="submit" loading={invite.isPending} className="sm:mt-7">
          {invite.isPending ? teamTexts.sending : teamTexts.sendInvitation}
        </Button>
      </div>
    </form>
  );
}
