import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { apiKeyMessages } from '#contracts/api-keys.ts';
import { entitlementMessages } from '#contracts/entitlements.ts';
import type { WorkspaceSummary } from '#contracts/workspaces.ts';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadError } from '#web/components/ui/load-error.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { paths } from '#web/lib/paths.ts';
import { useMe } from '#web/lib/session/me.ts';
import { currentWorkspace, useWorkspaces } from '#web/lib/workspaces/workspaces.ts';
import { developerTexts } from '../texts.ts';

export function SectionSpinner({ label }: { label: string }) {
  return (
    <div className="grid min-h-32 place-items-center">
      <Spinner size="lg" label={label} />
    </div>
  );
}

/** Shown instead of keys and webhooks when the workspace's plan has no API access: which plan has it, and the way there. */
export function UpgradePanel() {
  return (
    <Card className="flex flex-col items-start gap-3 p-5 sm:p-6" data-testid="developers-upgrade">
      <h2 className="text-lg font-semibold text-ink-900">{developerTexts.upgradeTitle}</h2>
      <p className="text-sm text-ink-700">{entitlementMessages.planRequired('apiAccess')}</p>
      <Link to={paths.buyCredits} className={buttonStyles({ variant: 'primary', size: 'md', className: 'mt-1' })}>
        {developerTexts.upgradeLink}
      </Link>
    </Card>
  );
}

/** Shown to members who are not the owner or an admin: the server would refuse them every call here. */
export function NotAllowedPanel() {
  return (
    <Card className="flex flex-col items-start gap-2 p-5 sm:p-6" data-testid="developers-not-allowed">
      <h2 className="text-lg font-semibold text-ink-900">{developerTexts.notAllowedTitle}</h2>
      <p className="text-sm text-ink-700">{apiKeyMessages.notAllowed}</p>
      <p className="text-sm text-ink-600">{developerTexts.notAllowedHint}</p>
    </Card>
  );
}

/**
 * What the screen needs first: the current workspace, its plan's API access (super admins always
 * have it; else the upgrade panel, never a form the server would refuse), and the caller's role in
 * it (owners and admins manage keys and webhooks; others are told so).
 */
export function DevelopersGate({ children }: { children: (workspace: WorkspaceSummary) => ReactNode }) {
  const workspaces = useWorkspaces();
  const me = useMe();
  const workspace = currentWorkspace(workspaces.data);

  if (workspaces.isError) return <LoadError title={developerTexts.workspaceFailed} query={workspaces} />;
  if (!workspace || !me.data) return <SectionSpinner label={developerTexts.loading} />;
  if (!workspace.entitlements.apiAccess && !me.data.isSuperAdmin) return <UpgradePanel />;
  if (workspace.role !== 'owner' && workspace.role !== 'admin') return <NotAllowedPanel />;
  return children(workspace);
}
