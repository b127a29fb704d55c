import { RotateCcw } from 'lucide-react';
import type { Batch } from '#contracts/batches.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { useRetryBatch } from '../api/batch-mutations.ts';
import { CancelBatchDialog } from './cancel-batch-dialog.tsx';
import { DownloadAll } from './download-all.tsx';
import { PublishAll } from './publish-all.tsx';
import { batchesTexts } from '../texts.ts';

/** Cancel (while some photo waits), Retry failed (when some failed), Download all and, for store products, Publish all. */
export function BatchActions({ batch, storeWorkspaceId }: { batch: Batch; storeWorkspaceId: string | null }) {
  const retry = useRetryBatch(batch.id);
  const failed = batch.counts.failed;
  const onRetry = () =>
    retry.mutate(undefined, {
      onSuccess: () => toast(batchesTexts.retrying(failed), 'success'),
    });
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <CancelBatchDialog batchId={batch.id} available={batch.canCancel} />
        {failed > 0 && batch.status !== 'cancelled' && (
          <Button variant="secondary" onClick={onRetry} loading={retry.isPending}>
            {!retry.isPending && <RotateCcw className="size-4" aria-hidden="true" />}
            {batchesTexts.retry}
          </Button>
        )}
        <div className="flex flex-col gap-2 sm:ml-auto sm:flex-row sm:items-start">
          {storeWorkspaceId && <PublishAll workspaceId={storeWorkspaceId} batchId={batch.id} finished={batch.counts.succeeded} />}
          <DownloadAll batchId={batch.id} succeeded={batch.counts.succeeded} />
        </div>
      </div>
      {retry.error && (
        <Alert tone="error" title={batchesTexts.notRetried}>
          {userMessage(retry.error)}
        </Alert>
      )}
    </div>
  );
}
