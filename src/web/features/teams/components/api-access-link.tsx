import { entitlementFeatures } from '#contracts/entitlements.ts';
import type { WorkspaceDetail } from '#contracts/workspaces.ts';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { paths } from '#web/lib/paths.ts';
import { teamTexts } from '../texts.ts';
import { PlanLink } from './plan-link.tsx';

/**
 * The way to the team's API keys and webhooks (/developers, for the current workspace: the link
 * switches to this team first), for its owner and admins once the plan has API access.
 */
export function ApiAccessLink({ team, isSuperAdmin }: { team: WorkspaceDetail; isSuperAdmin: boolean }) {
  const canManage = team.role === 'owner' || team.role === 'admin';
  if (!entitlementFeatures.apiAccess.available || !canManage || !(team.entitlements.apiAccess || isSuperAdmin)) return null;
  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6" data-testid="team-api-access">
      <div>
        <h2 className="text-lg font-semibold text-ink-900">{teamTexts.apiAccess}</h2>
        <p className="mt-1 text-sm text-ink-600">{teamTexts.apiAccessIntro}</p>
      </div>
      <PlanLink
        workspaceId={team.id}
        to={paths.developers}
        className={buttonStyles({ variant: 'secondary', size: 'md', className: 'self-start sm:self-auto' })}
      >
        {teamTexts.apiAccessLink}
      </PlanLink>
    </Card>
  );
}
