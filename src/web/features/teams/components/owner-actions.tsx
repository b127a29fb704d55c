import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { WorkspaceDetail } from '#contracts/workspaces.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { paths } from '#web/lib/paths.ts';
import { useDeleteTeam, useTransferOwnership } from '../api/teams.ts';
import { teamTexts } from '../texts.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';

/** The owner's own actions: hand the team over to a member (confirmed), and delete it (confirmed by typing its name). */
export function OwnerActions({ team, meId }: { team: WorkspaceDetail; meId: string }) {
  return (
    <section aria-labelledby="team-owner" className="flex flex-col gap-5 rounded-xl p-4 ring-1 ring-danger-200">
      <h2 id="team-owner" className="text-lg font-semibold text-ink-900">
        {teamTexts.ownerZone}
      </h2>
      <Transfer team={team} meId={meId} />
      <Delete team={team} />
    </section>
  );
}

function Transfer({ team, meId }: { team: WorkspaceDetail; meId: string }) {
  const transfer = useTransferOwnership(team.id);
  const [chosen, setChosen] = useState('');
  const [confirming, setConfirming] = useState(false);
  const others = team.members.filter((m) => m.userId !== meId);
  const next = others.find((m) => m.userId === chosen);

  return (
    <div className="flex flex-col gap-3">
      <div>
        <h3 className="font-semibold text-ink-900">{teamTexts.transfer}</h3>
        <p className="text-sm text-ink-600">{teamTexts.transferIntro}</p>
      </div>
      {others.length === 0 ? (
        <p className="text-sm text-ink-600">{teamTexts.noOtherMembers}</p>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field label={teamTexts.newOwner} className="flex-1">
            <Select
              options={others.map((m) => ({ value: m.userId, label: `${m.displayName} (${m.email})` }))}
              placeholder={teamTexts.chooseMember}
              value={chosen}
              onChange={(e) => setChosen(e.target.value)}
            />
          </Field>
          <Button variant="secondary" disabled={!next} onClick={() => setConfirming(true)}>
            {teamTexts.transfer}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) transfer.reset();
        }}
        title={teamTexts.transferTitle(next?.displayName ?? '')}
        description={teamTexts.transferIntro}
        tone="danger"
        confirmLabel={teamTexts.transferConfirm}
        pending={transfer.isPending}
        error={transfer.error}
        errorTitle={teamTexts.actionFailed}
        onConfirm={() => {
          if (!next) return;
          transfer.mutate(next.userId, {
            onSuccess: () => {
              toast(teamTexts.transferred(next.displayName), 'success');
              setConfirming(false);
              setChosen('');
            },
          });
        }}
      />
    </div>
  );
}

function Delete({ team }: { team: WorkspaceDetail }) {
  const remove = useDeleteTeam(team.id);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  return (
    <div className="flex flex-col items-start gap-3">
      <div>
        <h3 className="font-semibold text-ink-900">{teamTexts.deleteTeam}</h3>
        <p className="text-sm text-ink-600">{teamTexts.deleteIntro}</p>
      </div>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {teamTexts.deleteTeam}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setTyped('');
            remove.reset();
          }
        }}
        title={teamTexts.deleteTitle(team.name)}
        description={teamTexts.deleteIntro}
        tone="danger"
        confirmLabel={teamTexts.deleteConfirm}
        pending={remove.isPending}
        error={remove.error}
        errorTitle={teamTexts.actionFailed}
        disabled={typed.trim() !== team.name}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              toast(teamTexts.deleted(team.name), 'success');
              void navigate(paths.dashboard, { replace: true });
            },
          })
        }
      >
        <Field label={teamTexts.deleteTypeName(team.name)}>
          <Input autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </Field>
      </ConfirmDialog>
    </div>
  );
}
