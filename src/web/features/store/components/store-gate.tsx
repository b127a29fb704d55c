import type { ReactNode } from 'react';
import type { StoreStatus } from '#contracts/stores.ts';
import { useStoreStatus } from '#web/components/stores/api/get-store-status.ts';
import { useStoreEntitled } from '#web/components/stores/use-connected-store.ts';
import { PlanRequiredPanel } from '#web/components/plans/plan-required-panel.tsx';
import { LoadError } from '#web/components/ui/load-error.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useMe } from '#web/lib/session/me.ts';
import { useWorkspaces } from '#web/lib/workspaces/workspaces.ts';
import { storeTexts } from '../texts.ts';

export function SectionSpinner({ label }: { label: string }) {
  return (
    <div className="grid min-h-40 place-items-center">
      <Spinner size="lg" label={label} />
    </div>
  );
}

/**
 * What the Store screens need first: the current workspace, its plan's store sync (else the
 * upgrade panel, never a form the server would refuse) and the store's status.
 */
export function StoreGate({ children }: { children: (workspaceId: string, status: StoreStatus) => ReactNode }) {
  const workspaces = useWorkspaces();
  const me = useMe();
  const { workspaceId, entitled } = useStoreEntitled();
  const status = useStoreStatus(workspaceId, entitled);

  if (workspaces.isError) return <LoadError title={storeTexts.workspaceFailed} query={workspaces} />;
  if (!workspaceId || !me.data) return <SectionSpinner label={storeTexts.loading} />;
  if (!entitled) return <PlanRequiredPanel feature="storeConnections" title={storeTexts.upgradeTitle} testId="store-upgrade" />;
  if (status.isError) return <LoadError title={storeTexts.statusFailed} query={status} />;
  if (!status.data) return <SectionSpinner label={storeTexts.loading} />;
  return children(workspaceId, status.data);
}
