import { ChevronsUpDown, Plus, Settings } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { WorkspaceSummary } from '#contracts/workspaces.ts';
import { userMessage } from '../../lib/api-errors.ts';
import { paths } from '../../lib/paths.ts';
import { useMe } from '../../lib/session/me.ts';
import { workspaceTexts } from '../../lib/texts.ts';
import { currentWorkspace, useSelectWorkspace, useWorkspaces } from '../../lib/workspaces/workspaces.ts';
import { Avatar } from '../ui/avatar.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu.tsx';
import { toast } from '../ui/toast.tsx';
import { CreateTeamDialog } from '../workspaces/create-team-dialog.tsx';

/** How a workspace is named: your personal one is 'Personal', a team by its name. */
export function workspaceName(workspace: Pick<WorkspaceSummary, 'kind' | 'name'>): string {
  return workspace.kind === 'personal' ? workspaceTexts.personal : workspace.name;
}

/**
 * The header's workspace switcher: the current workspace (avatar and name), and a menu of every
 * workspace with your role, a check on the current one, its team settings and Create team. A Radix
 * menu: the button says aria-haspopup and aria-expanded, arrow keys move, Escape closes, focus returns.
 */
export function WorkspaceSwitcher() {
  const { data: me } = useMe();
  const list = useWorkspaces();
  const select = useSelectWorkspace();
  const [creating, setCreating] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const current = currentWorkspace(list.data);
  if (!me || !list.data || !current) return null;

  // Your personal workspace wears your own avatar; a team its own (or its initials).
  const avatarOf = (w: WorkspaceSummary) => (w.kind === 'personal' ? me.profile.avatarUrl : w.avatarUrl);
  const name = workspaceName(current);

  const choose = (id: string) => {
    if (id === current.id || select.isPending) return;
    select.mutate(id, {
      onSuccess: (now) => toast(workspaceTexts.switchedTo(workspaceName(now)), 'success'),
      onError: (error) => toast(userMessage(error, workspaceTexts.switchFailed), 'error'),
    });
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          ref={trigger}
          className="flex min-w-0 items-center gap-1.5 rounded-lg p-1 text-left hover:bg-ink-100 focus-visible:outline-2 focus-visible:outline-brand-500 sm:pr-2"
          aria-label={workspaceTexts.switcher(name)}
          data-testid="workspace-switcher"
        >
          <Avatar name={name} src={avatarOf(current)} />
          <span className="hidden max-w-36 truncate text-sm font-semibold text-ink-800 sm:inline">{name}</span>
          <ChevronsUpDown className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-72 max-w-[calc(100vw-1rem)]">
          <DropdownMenuLabel>{workspaceTexts.menuLabel}</DropdownMenuLabel>
          <DropdownMenuRadioGroup value={current.id} onValueChange={choose}>
            {list.data.workspaces.map((w) => (
              <DropdownMenuRadioItem key={w.id} value={w.id} disabled={select.isPending}>
                <Avatar name={workspaceName(w)} src={avatarOf(w)} />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-semibold text-ink-900">{workspaceName(w)}</span>
                  <span className="text-xs text-ink-500">{workspaceTexts.roles[w.role]}</span>
                </span>
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          {current.kind === 'team' && (
            <DropdownMenuItem asChild>
              <Link to={paths.team(current.id)}>
                <Settings className="size-4 text-ink-500" aria-hidden="true" />
                {workspaceTexts.teamSettings}
              </Link>
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => setCreating(true)}>
            <Plus className="size-4 text-ink-500" aria-hidden="true" />
            {workspaceTexts.createTeam}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <CreateTeamDialog open={creating} onOpenChange={setCreating} returnFocusTo={trigger} />
    </>
  );
}
