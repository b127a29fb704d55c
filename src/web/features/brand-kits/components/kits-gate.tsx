import type { ReactNode } from 'react';
import type { BrandKitList } from '#contracts/brand-kits.ts';
import type { WorkspaceSummary } from '#contracts/workspaces.ts';
import { LoadError } from '#web/components/ui/load-error.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { currentWorkspace, useWorkspaces } from '#web/lib/workspaces/workspaces.ts';
import { useBrandKits } from '../api/list-brand-kits.ts';
import { brandKitTexts } from '../texts.ts';
import { PlanRequiredPanel } from '#web/components/plans/plan-required-panel.tsx';

export function SectionSpinner({ label }: { label: string }) {
  return (
    <div className="grid min-h-48 place-items-center">
      <Spinner size="lg" label={label} />
    </div>
  );
}

/**
 * What every brand kit screen needs first: the current workspace (kits belong to it), its plan's
 * brand kit entitlement (else the upgrade panel, never a form the server would refuse), and its
 * kits and fonts.
 */
export function KitsGate({ children }: { children: (workspace: WorkspaceSummary, list: BrandKitList) => ReactNode }) {
  const workspaces = useWorkspaces();
  const workspace = currentWorkspace(workspaces.data);
  const allowed = workspace?.entitlements.brandKits === true;
  const kits = useBrandKits(workspace?.id ?? '', allowed);

  if (workspaces.isError) return <LoadError title={brandKitTexts.workspaceFailed} query={workspaces} />;
  if (!workspace) return <SectionSpinner label={brandKitTexts.loading} />;
  if (!allowed) return <PlanRequiredPanel feature="brandKits" title={brandKitTexts.upgradeTitle} testId="brand-kits-upgrade" />;
  if (kits.isError) return <LoadError title={brandKitTexts.loadFailed} query={kits} />;
  if (!kits.data) return <SectionSpinner label={brandKitTexts.loading} />;
  return children(workspace, kits.data);
}
