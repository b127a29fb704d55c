import { useId, useState, type FormEvent } from 'react';
import { AdjustCreditsRequest, adminUserMessages, CREDIT_ADJUSTMENT_MAX } from '#contracts/admin-users.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { cn } from '#web/lib/cn.ts';
import { useAdjustCredits } from '../../api/users.ts';
import { adminTexts } from '../../texts.ts';

const t = adminTexts.users;

type Direction = 'grant' | 'deduct';
const directions: Direction[] = ['grant', 'deduct'];

interface FieldErrors {
  amount?: string;
  reason?: string;
}

/** The whole number typed, when it is one above zero (the direction gives the sign). */
function positiveWhole(typed: string): number | null {
  const n = Number(typed);
  return typed.trim() !== '' && Number.isInteger(n) && n > 0 ? n : null;
}

/** Whose balance an adjustment changes: a user (their personal workspace) or a workspace. */
export interface CreditTarget {
  kind: 'user' | 'workspace';
  id: string;
  /** The user's email or the workspace's name. */
  label: string;
  balance: number;
}

/**
 * Grants or deducts credits with a reason: one adjustment in a workspace's ledger. The form checks what
 * the contract checks before sending; the server's refusals (a balance that would go below zero)
 * show in the dialog, and afterwards it says what the balance is now.
 */
export function AdjustCreditsDialog({ target, onClose }: { target: CreditTarget | null; onClose: () => void }) {
  const user = target;
  const [direction, setDirection] = useState<Direction>('grant');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [newBalance, setNewBalance] = useState<{ amount: number; balance: number } | null>(null);
  const adjust = useAdjustCredits();
  const radioName = useId();

  const n = positiveWhole(amount);
  const signed = n === null ? null : direction === 'grant' ? n : -n;
  const preview = user && signed !== null ? user.balance + signed : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    adjust.reset();
    const parsed = AdjustCreditsRequest.safeParse({ amount: signed ?? 0, reason });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'amount' || field === 'reason') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    adjust.mutate(
      { target: { kind: user.kind, id: user.id }, ...parsed.data },
      { onSuccess: ({ balance }) => setNewBalance({ amount: parsed.data.amount, balance }) },
    );
  };

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t.adjustTitle}
        description={user ? (user.kind === 'user' ? t.adjustDescription : t.adjustWorkspaceDescription)(user.label) : undefined}
      >
        {newBalance ? (
          <div className="flex flex-col gap-4">
            <Alert tone="success">{t.adjusted(newBalance.amount, newBalance.balance)}</Alert>
            <div className="flex justify-end">
              <DialogClose asChild>
                <Button autoFocus>{t.done}</Button>
              </DialogClose>
            </div>
          </div>
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <fieldset>
              <legend className="text-sm font-medium text-ink-800">{t.direction}</legend>
              <div className="mt-1.5 inline-flex rounded-xl bg-ink-100 p-1">
                {directions.map((d) => (
                  <label key={d} className="cursor-pointer">
                    <input
                      type="radio"
                      name={radioName}
                      value={d}
                      checked={direction === d}
                      onChange={() => setDirection(d)}
                      className="peer sr-only"
                    />
                    <span
                      className={cn(
                        'block rounded-lg px-4 py-1.5 text-sm font-semibold text-ink-600 transition-colors hover:text-ink-900',
                        'peer-checked:bg-white peer-checked:text-ink-900 peer-checked:shadow-sm',
                        'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500',
                      )}
                    >
                      {d === 'grant' ? t.grant : t.deduct}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <Field label={t.amount} error={errors.amount} required>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={CREDIT_ADJUSTMENT_MAX}
                step={1}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                autoFocus
              />
            </Field>
            <Field label={t.reason} hint={t.reasonHint} error={errors.reason} required>
              <Input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} placeholder={t.reasonPlaceholder} />
            </Field>
            {user && (
              <dl className="grid grid-cols-2 gap-3 rounded-xl bg-ink-50 px-3.5 py-2.5 text-sm ring-1 ring-ink-200 ring-inset">
                <div>
                  <dt className="text-xs text-ink-500">{t.balanceNow}</dt>
                  <dd className="font-semibold text-ink-900 tabular-nums">{user.balance.toLocaleString('en-US')}</dd>
                </div>
                <div>
                  <dt className="text-xs text-ink-500">{t.balanceAfter}</dt>
                  <dd className={cn('font-semibold tabular-nums', preview !== null && preview < 0 ? 'text-danger-700' : 'text-ink-900')}>
                    {preview === null ? '—' : preview.toLocaleString('en-US')}
                  </dd>
                </div>
                {preview !== null && preview < 0 && (
                  <p className="col-span-2 text-xs font-medium text-danger-700">{adminUserMessages.belowZero}</p>
                )}
              </dl>
            )}
            {adjust.isError && <Alert tone="error">{userMessage(adjust.error, t.adjustFailed)}</Alert>}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="secondary">{adminTexts.cancel}</Button>
              </DialogClose>
              <Button type="submit" variant={direction === 'deduct' ? 'danger' : 'primary'} loading={adjust.isPending}>
                {t.adjustSubmit[direction]}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
