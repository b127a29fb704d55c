import type { ReactNode } from 'react';
import { apiKeyMessages } from '#contracts/api-keys.ts';
import type { WorkspaceSummary } from '#contracts/workspaces.ts';
import { PlanRequiredPanel } from '#web/components/plans/plan-required-panel.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadError } from '#web/components/ui/load-error.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
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
  if (!workspace.entitlements.apiAccess && !me.data.isSuperAdmin)
    return <PlanRequiredPanel feature="apiAccess" title={developerTexts.upgradeTitle} testId="developers-upgrade" />;
  if (workspace.role !== 'owner' && workspace.role !== 'admin') return <NotAllowedPanel />;
  return children(workspace);
}
