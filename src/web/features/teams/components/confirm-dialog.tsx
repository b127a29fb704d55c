import type { ReactNode } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { teamTexts } from '../texts.ts';

/** A yes-or-no question before something that cannot be taken back; the server's refusal shows inside. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy,
  error,
  disabled = false,
  confirmVariant = 'danger',
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  busy: boolean;
  error: Error | null;
  disabled?: boolean;
  /** Danger for what cannot be taken back; primary for a change that can. */
  confirmVariant?: 'danger' | 'primary';
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description} size="sm">
        <div className="flex flex-col gap-4">
          {error && (
            <Alert tone="error" title={teamTexts.actionFailed}>
              {userMessage(error)}
            </Alert>
          )}
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">{teamTexts.cancel}</Button>
            </DialogClose>
            <Button variant={confirmVariant} loading={busy} disabled={disabled} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
