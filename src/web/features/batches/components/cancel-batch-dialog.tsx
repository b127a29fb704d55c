import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { useCancelBatch } from '../api/batch-mutations.ts';
import { batchesTexts } from '../texts.ts';

/**
 * 'Cancel batch' behind a confirmation, offered while some photo waits (`available`); the refund is
 * announced in a toast. An open dialog stays until it is closed, so a refusal can be read.
 */
export function CancelBatchDialog({ batchId, available }: { batchId: string; available: boolean }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelBatch(batchId);

  const onOpenChange = (next: boolean) => {
    if (!next) cancel.reset();
    setOpen(next);
  };

  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: ({ refundedCredits }) => {
        setOpen(false);
        toast(refundedCredits > 0 ? batchesTexts.refunded(batchesTexts.credits(refundedCredits)) : batchesTexts.cancelled, 'success');
      },
    });

  if (!available && !open) return null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {available && (
        <DialogTrigger asChild>
          <Button variant="secondary">{batchesTexts.cancel}</Button>
        </DialogTrigger>
      )}
      <DialogContent size="sm" title={batchesTexts.cancelTitle} description={batchesTexts.cancelBody}>
        <div className="flex flex-col gap-4">
          {cancel.error && <Alert tone="error">{userMessage(cancel.error)}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">{batchesTexts.keepRunning}</Button>
            </DialogClose>
            <Button variant="danger" onClick={confirm} loading={cancel.isPending} disabled={!available}>
              {batchesTexts.cancel}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
