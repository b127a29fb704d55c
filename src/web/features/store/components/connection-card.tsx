import { RefreshCw, Store, Unplug, Zap, ZapOff } from 'lucide-react';
import { useState } from 'react';
import type { StoreStatus, StoreConnection } from '#contracts/stores.ts';
import { isSyncRunning } from '#web/components/stores/api/get-store-status.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { formatDate } from '#web/lib/format-date.ts';
import { useDisconnectStore } from '../api/disconnect-store.ts';
import { useResetDemoStore } from '../api/reset-demo-store.ts';
import { useSyncStore } from '../api/sync-store.ts';
import { storeTexts } from '../texts.ts';
import { SyncStatus } from './sync-status.tsx';

function DisconnectButton({ workspaceId, connection }: { workspaceId: string; connection: StoreConnection }) {
  const [open, setOpen] = useState(false);
  const disconnect = useDisconnectStore(workspaceId);
  const change = (next: boolean) => {
    setOpen(next);
    if (!next) disconnect.reset();
  };
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)} className="text-danger-700 hover:bg-danger-50">
        <Unplug className="size-4" aria-hidden="true" />
        {storeTexts.disconnect}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={change}
        title={storeTexts.disconnectTitle}
        description={storeTexts.disconnectBody(connection.shopName)}
        confirmLabel={storeTexts.disconnect}
        tone="danger"
        pending={disconnect.isPending}
        error={disconnect.error}
        errorTitle={storeTexts.disconnectFailed}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => {
              setOpen(false);
              toast(storeTexts.disconnected, 'success');
            },
          })
        }
      />
    </>
  );
}

function ResetDemoButton({ workspaceId, disabled }: { workspaceId: string; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const reset = useResetDemoStore(workspaceId);
  const change = (next: boolean) => {
    setOpen(next);
    if (!next) reset.reset();
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} disabled={disabled}>
        {storeTexts.resetDemo}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={change}
        title={storeTexts.resetTitle}
        description={storeTexts.resetBody}
        confirmLabel={storeTexts.resetDemo}
        tone="danger"
        pending={reset.isPending}
        error={reset.error}
        errorTitle={storeTexts.resetFailed}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setOpen(false);
              toast(storeTexts.resetDone, 'success');
            },
          })
        }
      />
    </>
  );
}

/** The connected store: who and how, live updates, the import, and (for owners and admins) Sync now, Disconnect and the demo's reset. */
export function ConnectionCard({ workspaceId, status }: { workspaceId: string; status: StoreStatus & { connection: StoreConnection } }) {
  const { connection } = status;
  const sync = useSyncStore(workspaceId);
  const running = isSyncRunning(status);
  const demo = connection.method === 'demo';
  return (
    <Card className="flex flex-col gap-5 p-5 sm:p-6" data-testid="store-connection">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <span aria-hidden="true" className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand-50 text-brand-600">
            <Store className="size-6" />
          </span>
          <div className="min-w-0">
            <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold text-ink-900">
              <span className="min-w-0 break-words">{connection.shopName}</span>
              {demo && <Badge tone="deal">{storeTexts.demoStoreBadge}</Badge>}
            </h2>
            <p className="truncate text-sm text-ink-600">{connection.shopDomain}</p>
            <p className="mt-1 text-xs text-ink-500">
              {storeTexts.methods[connection.method]} ·{' '}
              {storeTexts.connectedBy(connection.connectedByName, formatDate(connection.connectedAt))}
            </p>
          </div>
        </div>
        {status.canManage && (
          <div className="flex flex-wrap gap-2 sm:justify-end">
            <Button
              onClick={() => sync.mutate(undefined, { onSuccess: () => toast(storeTexts.syncStarted, 'success') })}
              loading={sync.isPending}
              disabled={running}
            >
              {!sync.isPending && <RefreshCw className={running ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />}
              {storeTexts.syncNow}
            </Button>
            {demo && <ResetDemoButton workspaceId={workspaceId} disabled={running} />}
            <DisconnectButton workspaceId={workspaceId} connection={connection} />
          </div>
        )}
      </div>
      <SyncStatus sync={connection.sync} />
      {sync.error && (
        <Alert tone="error" title={storeTexts.syncError}>
          {userMessage(sync.error)}
        </Alert>
      )}
      {/* The demo store changes only when Klipt publishes to it: live updates mean nothing there. */}
      {!demo && (
        <p className="flex items-start gap-2 text-sm text-ink-600">
          {connection.liveUpdates ? (
            <Zap className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden="true" />
          ) : (
            <ZapOff className="mt-0.5 size-4 shrink-0 text-ink-400" aria-hidden="true" />
          )}
          {connection.liveUpdates ? storeTexts.liveUpdatesOn : storeTexts.liveUpdatesOff}
        </p>
      )}
      {demo && <p className="text-sm text-ink-600">{storeTexts.demoPagesHint}</p>}
    </Card>
  );
}
