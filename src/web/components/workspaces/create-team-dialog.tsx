import { zodResolver } from '@hookform/resolvers/zod';
import type { RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { userMessage } from '../../lib/api-errors.ts';
import { paths } from '../../lib/paths.ts';
import { workspaceTexts } from '../../lib/texts.ts';
import { useCreateTeam } from '../../lib/workspaces/workspaces.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../ui/dialog.tsx';
import { Field } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';
import { TeamNameRequest } from '#contracts/workspaces.ts';

type CreateTeamInput = z.input<typeof TeamNameRequest>;
type CreateTeamData = z.output<typeof TeamNameRequest>;

/**
 * Create team: a name (the contract's own checks and messages), then the new team's settings, where
 * its owner invites. The server makes the new team the current workspace.
 */
export function CreateTeamDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when it closes (the menu item that opened it is gone by then). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const create = useCreateTeam();
  const navigate = useNavigate();
  const form = useForm<CreateTeamInput, unknown, CreateTeamData>({ resolver: zodResolver(TeamNameRequest), defaultValues: { name: '' } });
  const { errors } = form.formState;

  const change = (next: boolean) => {
    if (!next) {
      form.reset();
      create.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      const team = await create.mutateAsync(name);
      change(false);
      await navigate(paths.team(team.id));
    } catch {
      // Shown from create.error below.
    }
  });

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent title={workspaceTexts.createTeam} description={workspaceTexts.createTeamIntro} size="sm" returnFocusTo={returnFocusTo}>
        <form
          onSubmit={(e) => {
            create.reset();
            void onSubmit(e);
          }}
          className="flex flex-col gap-4"
          aria-label={workspaceTexts.createTeam}
          noValidate
        >
          {create.error && (
            <Alert tone="error" title={workspaceTexts.createFailed}>
              {userMessage(create.error)}
            </Alert>
          )}
          <Field label={workspaceTexts.teamName} error={errors.name?.message}>
            <Input autoComplete="organization" placeholder={workspaceTexts.teamNamePlaceholder} {...form.register('name')} />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">{workspaceTexts.cancel}</Button>
            </DialogClose>
            <Button type="submit" loading={create.isPending}>
              {create.isPending ? workspaceTexts.creating : workspaceTexts.createTeam}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
