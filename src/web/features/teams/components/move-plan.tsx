import { useState } from 'react';
import { planById } from '#contracts/plans.ts';
import type { WorkspaceDetail } from '#contracts/workspaces.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useWorkspaces } from '#web/lib/workspaces/workspaces.ts';
import { useMoveSubscription } from '../api/teams.ts';
import { teamTexts } from '../texts.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';

/**
 * For the owner of a team without a plan whose personal workspace has one: move that plan here
 * (confirmed). Nothing shows otherwise.
 */
export function MovePlan({ team }: { team: WorkspaceDetail }) {
  const personal = useWorkspaces().data?.workspaces.find((w) => w.kind === 'personal');
  if (team.role !== 'owner' || team.plan !== null || !personal?.plan) return null;
  return <MovePlanOffer team={team} personalId={personal.id} planName={planById(personal.plan).name} />;
}

function MovePlanOffer({ team, personalId, planName }: { team: WorkspaceDetail; personalId: string; planName: string }) {
  const move = useMoveSubscription(team.id, personalId);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-brand-200" data-testid="move-plan">
      <div>
        <h3 className="font-semibold text-ink-900">{teamTexts.moveOffer(planName)}</h3>
        <p className="text-sm text-ink-600">{teamTexts.moveIntro}</p>
      </div>
      <Button variant="secondary" className="self-start" onClick={() => setConfirming(true)}>
        {teamTexts.moveButton(planName)}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) move.reset();
        }}
        title={teamTexts.moveTitle(planName, team.name)}
        description={teamTexts.moveDescription}
        confirmLabel={teamTexts.moveConfirm}
        pending={move.isPending}
        error={move.error}
        errorTitle={teamTexts.actionFailed}
        onConfirm={() =>
          move.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast(teamTexts.moved(planName, team.name), 'success');
            },
          })
        }
      />
    </div>
  );
}
