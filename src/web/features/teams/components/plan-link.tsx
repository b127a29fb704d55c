import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '#web/components/ui/toast.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { paths } from '#web/lib/paths.ts';
import { workspaceTexts } from '#web/lib/texts.ts';
import { useSelectWorkspace, useWorkspaces } from '#web/lib/workspaces/workspaces.ts';

/**
 * A link to /buy-credits (or another screen of the current workspace, `to`) for this team. A plan is
 * bought for the current workspace, so when another one is current the link first switches to this
 * team: an upgrade never lands on the wrong workspace.
 */
export function PlanLink({
  workspaceId,
  to = paths.buyCredits,
  className,
  children,
}: {
  workspaceId: string;
  to?: string;
  className?: string;
  children: ReactNode;
}) {
  const list = useWorkspaces();
  const select = useSelectWorkspace();
  const navigate = useNavigate();
  const elsewhere = list.data !== undefined && list.data.currentId !== workspaceId;
  return (
    <Link
      to={to}
      className={className}
      aria-disabled={select.isPending || undefined}
      onClick={(event) => {
        if (!elsewhere) return;
        event.preventDefault();
        if (select.isPending) return;
        select.mutate(workspaceId, {
          onSuccess: () => void navigate(to),
          onError: (error) => toast(userMessage(error, workspaceTexts.switchFailed), 'error'),
        });
      }}
    >
      {children}
    </Link>
  );
}
