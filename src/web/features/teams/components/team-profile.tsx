import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { planById } from '#contracts/plans.ts';
import { TeamNameRequest, type WorkspaceDetail } from '#contracts/workspaces.ts';
import { AvatarPicker } from '#web/components/avatar-picker.tsx';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { PlanLink } from './plan-link.tsx';
import { useRenameTeam, useUploadTeamAvatar } from '../api/teams.ts';
import { teamTexts } from '../texts.ts';

type RenameInput = z.input<typeof TeamNameRequest>;
type RenameData = z.output<typeof TeamNameRequest>;

/** The team's avatar and name (owner and admins change them), its plan and its seats. */
export function TeamProfile({ team, canManage }: { team: WorkspaceDetail; canManage: boolean }) {
  return (
    <div className="flex flex-col gap-6">
      <TeamAvatar team={team} canManage={canManage} />
      {canManage && <RenameForm team={team} />}
      <PlanAndSeats team={team} />
    </div>
  );
}

const avatarTexts = {
  upload: teamTexts.uploadAvatar,
  change: teamTexts.changeAvatar,
  uploading: teamTexts.uploading,
  uploadingLabel: teamTexts.uploadingAvatar,
  hint: teamTexts.avatarHint,
  imageLabel: teamTexts.avatarImage,
};

function TeamAvatar({ team, canManage }: { team: WorkspaceDetail; canManage: boolean }) {
  const upload = useUploadTeamAvatar(team.id);
  if (!canManage) return <Avatar name={team.name} src={team.avatarUrl} size="lg" />;
  return <AvatarPicker name={team.name} avatarUrl={team.avatarUrl} upload={upload} texts={avatarTexts} />;
}

function RenameForm({ team }: { team: WorkspaceDetail }) {
  const rename = useRenameTeam(team.id);
  const form = useForm<RenameInput, unknown, RenameData>({ resolver: zodResolver(TeamNameRequest), values: { name: team.name } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      await rename.mutateAsync(name);
      toast(teamTexts.renamed, 'success');
    } catch {
      // Shown from rename.error below.
    }
  });
  return (
    <form
      onSubmit={(e) => {
        rename.reset();
        void onSubmit(e);
      }}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      aria-label={teamTexts.name}
      noValidate
    >
      <Field
        label={teamTexts.name}
        error={errors.name?.message ?? (rename.error ? userMessage(rename.error) : undefined)}
        className="flex-1"
      >
        <Input autoComplete="organization" {...form.register('name')} />
      </Field>
      <Button type="submit" variant="secondary" loading={rename.isPending} className="sm:mt-7">
        {rename.isPending ? teamTexts.saving : teamTexts.saveName}
      </Button>
    </form>
  );
}

function PlanAndSeats({ team }: { team: WorkspaceDetail }) {
  return (
    <div
      className="flex flex-col gap-2 rounded-xl bg-ink-50 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="plan-and-seats"
    >
      <div className="flex flex-col gap-1">
        <p className="flex items-center gap-2 text-sm text-ink-700">
          <span className="font-medium">{teamTexts.plan}</span>
          <Badge tone={team.plan ? 'brand' : 'neutral'}>{team.plan ? planById(team.plan).name : teamTexts.noPlan}</Badge>
        </p>
        <p className="text-sm font-semibold text-ink-900" data-testid="seats">
          {teamTexts.seatsUsed(team.seatsUsed, team.seats)}
        </p>
        <p className="text-xs text-ink-500">{teamTexts.seatsHint}</p>
      </div>
      {team.role === 'owner' && (
        <PlanLink workspaceId={team.id} className="text-sm font-semibold text-brand-700 hover:text-brand-800">
          {teamTexts.changePlan}
        </PlanLink>
      )}
    </div>
  );
}
