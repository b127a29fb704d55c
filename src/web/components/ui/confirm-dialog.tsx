import type { ReactNode, RefObject } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Dialog, DialogClose, DialogContent } from './dialog.tsx';
import { userMessage } from '../../lib/api-errors.ts';
import { uiTexts } from '../../lib/texts.ts';

/**
 * Asks before an action that cannot be taken back (`danger`) or a change that can (`primary`). It
 * stays open while the request runs and shows the server's refusal in place; the caller closes it
 * when the action succeeded.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  tone = 'primary',
  pending,
  disabled = false,
  error,
  errorTitle,
  errorFallback,
  onConfirm,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  pending: boolean;
  disabled?: boolean;
  /** The request's failure (null while there is none), shown in the server's words or `errorFallback`. */
  error: unknown;
  errorTitle?: string;
  errorFallback?: string;
  onConfirm: () => void;
  /** Where focus goes when it closes, for a dialog opened without a trigger (e.g. the button that asked, or a heading when that is gone). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description} size="sm" {...(returnFocusTo ? { returnFocusTo } : {})}>
        <div className="flex flex-col gap-4">
          {children}
          {error != null && (
            <Alert tone="error" title={errorTitle}>
              {userMessage(error, errorFallback)}
            </Alert>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">{uiTexts.cancel}</Button>
            </DialogClose>
            <Button variant={tone} loading={pending} disabled={disabled} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
