import { Button } from '#web/components/ui/button.tsx';
import { DialogClose } from '#web/components/ui/dialog.tsx';
import { developerTexts } from '../texts.ts';
import { SecretField } from './secret-field.tsx';

/** A dialog's answer that holds a secret shown this once: what it is for, the secret with Copy, and Done. */
export function SecretReveal({
  intro,
  ...field
}: {
  intro: string;
  label: string;
  what: string;
  secret: string;
  warning: string;
  testId: string;
}) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm break-all text-ink-700">{intro}</p>
      <SecretField {...field} />
      <div className="flex justify-end">
        <DialogClose asChild>
          <Button>{developerTexts.done}</Button>
        </DialogClose>
      </div>
    </div>
  );
}
