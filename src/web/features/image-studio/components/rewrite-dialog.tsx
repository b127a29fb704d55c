import { useState, type FormEvent } from 'react';
import { promptMessages } from '#contracts/prompts.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { useRewritePrompt } from '../api/rewrite-prompt.ts';
import { imageStudioTexts } from '../texts.ts';

/** Asks what to change, rewrites the prompt on the server, errors stay in the dialog. */
export function RewriteDialog({
  open,
  onOpenChange,
  prompt,
  onRewritten,
  brandKitId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  prompt: string;
  onRewritten: (prompt: string) => void;
  /** 'Use brand kit': the rewrite follows the kit's voice. */
  brandKitId?: string | null | undefined;
}) {
  const [goal, setGoal] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rewrite = useRewritePrompt();

  const close = (next: boolean) => {
    if (!next) {
      setError(null);
      rewrite.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (prompt.trim() === '') return setError(promptMessages.rewriteEmpty);
    if (goal.trim() === '') return setError(promptMessages.rewriteGoalEmpty);
    setError(null);
    rewrite.mutate(
      { prompt, goal: goal.trim(), brandKitId },
      {
        onSuccess: (result) => {
          onRewritten(result.prompt);
          setGoal('');
          close(false);
        },
        onError: (err) => setError(userMessage(err, promptMessages.rewriteFailedGeneric)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={imageStudioTexts.rewriteTitle} description={imageStudioTexts.rewriteDescription}>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <div>
            <p className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{imageStudioTexts.currentPrompt}</p>
            <p className="mt-1.5 max-h-32 overflow-y-auto rounded-xl bg-ink-50 px-3.5 py-2.5 text-sm leading-relaxed text-ink-800 ring-1 ring-ink-200 ring-inset">
              {prompt}
            </p>
          </div>
          <Field label={imageStudioTexts.rewriteQuestion}>
            <Textarea
              rows={3}
              value={goal}
              onChange={(e) => setGoal(e.target.value)}
              placeholder={imageStudioTexts.rewritePlaceholder}
              maxLength={500}
              autoFocus
            />
          </Field>
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">{imageStudioTexts.cancel}</Button>
            </DialogClose>
            <Button type="submit" loading={rewrite.isPending}>
              {rewrite.isPending ? imageStudioTexts.rewriting : imageStudioTexts.rewrite}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
