import { useState } from 'react';
import { batchMessages } from '../../../../contracts/batches.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { userMessage } from '../../../lib/api-errors.ts';
import { useCancelBatch } from '../api/batch-mutations.ts';
import { creditsText } from '../lib/batch-texts.ts';

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
        toast(refundedCredits > 0 ? `${creditsText(refundedCredits)} refunded` : 'Batch cancelled', 'success');
      },
    });

  if (!available && !open) return null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {available && (
        <DialogTrigger asChild>
          <Button variant="secondary">{batchMessages.cancel}</Button>
        </DialogTrigger>
      )}
      <DialogContent
        size="sm"
        title="Cancel this batch?"
        description="Photos not started yet are cancelled and their credits refunded. Images being generated now still finish."
      >
        <div className="flex flex-col gap-4">
          {cancel.error && <Alert tone="error">{userMessage(cancel.error)}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Keep running</Button>
            </DialogClose>
            <Button variant="danger" onClick={confirm} loading={cancel.isPending} disabled={!available}>
              {batchMessages.cancel}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
