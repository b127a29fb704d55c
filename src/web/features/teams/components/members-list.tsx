import { useState } from 'react';
import { useNavigate } from 'react-router';
import { invitableRoles, type InvitableRole } from '#contracts/workspace-kinds.ts';
import type { WorkspaceDetail, WorkspaceMember } from '#contracts/workspaces.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { paths } from '#web/lib/paths.ts';
import { workspaceTexts } from '#web/lib/texts.ts';
import { useChangeMemberRole, useLeaveTeam, useRemoveMember } from '../api/teams.ts';
import { teamTexts } from '../texts.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';

const roleOptions = invitableRoles.map((role) => ({ value: role, label: workspaceTexts.roles[role] }));

/**
 * The members with avatar, name, email and role. The owner and admins change roles below owner and
 * remove members; everyone but the owner may leave.
 */
export function MembersList({ team, meId, canManage }: { team: WorkspaceDetail; meId: string; canManage: boolean }) {
  const changeRole = useChangeMemberRole(team.id);
  const [removing, setRemoving] = useState<WorkspaceMember | null>(null);
  const [leaving, setLeaving] = useState(false);
  const remove = useRemoveMember(team.id);
  const leave = useLeaveTeam(team.id);
  const navigate = useNavigate();

  const onRole = (member: WorkspaceMember, role: InvitableRole) => {
    changeRole.mutate({ userId: member.userId, role }, { onSuccess: () => toast(teamTexts.roleChanged(member.displayName), 'success') });
  };

  return (
    <section aria-labelledby="team-members" className="flex flex-col gap-3">
      <h2 id="team-members" className="text-lg font-semibold text-ink-900">
        {teamTexts.members}
      </h2>
      {changeRole.error && (
        <Alert tone="error" title={teamTexts.actionFailed}>
          {userMessage(changeRole.error)}
        </Alert>
      )}
      <ul className="divide-y divide-ink-100 rounded-xl ring-1 ring-ink-200" data-testid="members">
        {team.members.map((member) => {
          const self = member.userId === meId;
          const editable = canManage && !self && member.role !== 'owner';
          return (
            <li key={member.userId} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="member">
              <span className="flex min-w-0 flex-1 items-center gap-3">
                <Avatar name={member.displayName} src={member.avatarUrl} size="md" />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-semibold text-ink-900">
                    {member.displayName} {self && <span className="font-normal text-ink-500">{teamTexts.you}</span>}
                  </span>
                  <span className="truncate text-sm text-ink-600">{member.email}</span>
                </span>
              </span>
              <span className="flex flex-wrap items-center gap-2">
                {editable ? (
                  <Select
                    aria-label={teamTexts.roleOf(member.displayName)}
                    options={roleOptions}
                    value={member.role}
                    disabled={changeRole.isPending}
                    onChange={(e) => onRole(member, e.target.value as InvitableRole)}
                    className="w-32"
                  />
                ) : (
                  <Badge tone={member.role === 'owner' ? 'brand' : 'neutral'}>{workspaceTexts.roles[member.role]}</Badge>
                )}
                {editable && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={teamTexts.removeMember(member.displayName)}
                    onClick={() => setRemoving(member)}
                  >
                    {teamTexts.remove}
                  </Button>
                )}
                {self && member.role !== 'owner' && (
                  <Button variant="secondary" size="sm" onClick={() => setLeaving(true)}>
                    {teamTexts.leave}
                  </Button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRemoving(null);
            remove.reset();
          }
        }}
        title={teamTexts.removeTitle(removing?.displayName ?? '')}
        description={teamTexts.removeIntro}
        tone="danger"
        confirmLabel={teamTexts.remove}
        pending={remove.isPending}
        error={remove.error}
        errorTitle={teamTexts.actionFailed}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.userId, {
            onSuccess: () => {
              toast(teamTexts.removed(removing.displayName), 'success');
              setRemoving(null);
            },
          });
        }}
      />
      <ConfirmDialog
        open={leaving}
        onOpenChange={(open) => {
          setLeaving(open);
          if (!open) leave.reset();
        }}
        title={teamTexts.leaveTitle}
        description={teamTexts.leaveIntro}
        tone="danger"
        confirmLabel={teamTexts.leave}
        pending={leave.isPending}
        error={leave.error}
        errorTitle={teamTexts.actionFailed}
        onConfirm={() =>
          leave.mutate(meId, {
            onSuccess: () => {
              toast(teamTexts.left(team.name), 'success');
              void navigate(paths.dashboard, { replace: true });
            },
          })
        }
      />
    </section>
  );
}
