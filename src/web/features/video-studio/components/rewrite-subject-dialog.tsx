import { useState, type FormEvent } from 'react';
import { GOAL_MAX, promptMessages } from '#contracts/prompts.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { useRewriteSubject } from '../api/rewrite-subject.ts';
import { videoStudioTexts } from '../texts.ts';

/** The failure's text: the API's message, else 'Failed to rewrite prompt'. */
function failureMessage(error: unknown): string {
  return userMessage(error, promptMessages.rewriteFailedPlain).trim() || promptMessages.rewriteFailedPlain;
}

/**
 * The Rewrite Subject modal: shows the subject, asks what to change and rewrites it on the server
 * (kind 'video'); a failure stays in the modal with its heading, message and a hint.
 */
export function RewriteSubjectDialog({
  open,
  onOpenChange,
  subject,
  onRewritten,
  brandKitId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  subject: string;
  onRewritten: (subject: string) => void;
  /** 'Use brand kit': the rewrite follows the kit's voice. */
  brandKitId?: string | null | undefined;
}) {
  const [change, setChange] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const rewrite = useRewriteSubject();
  const blank = change.trim() === '';

  const close = (next: boolean) => {
    if (!next) {
      setFailure(null);
      rewrite.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || rewrite.isPending) return;
    if (subject.trim() === '') return setFailure(promptMessages.rewriteEmpty);
    setFailure(null);
    rewrite.mutate(
      { subject: subject.trim(), change: change.trim(), brandKitId },
      {
        onSuccess: (result) => {
          const rewritten = result.prompt.trim();
          if (rewritten === '') return setFailure(promptMessages.rewriteEmptyResult);
          onRewritten(rewritten);
          setChange('');
          close(false);
        },
        onError: (error) => setFailure(failureMessage(error)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={videoStudioTexts.rewriteTitle} description={videoStudioTexts.rewriteDescription}>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <div>
            <p className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{videoStudioTexts.currentSubject}</p>
            <p className="mt-1.5 rounded-xl bg-ink-50 px-3.5 py-2.5 text-sm leading-relaxed break-words text-ink-800 ring-1 ring-ink-200 ring-inset">
              {subject}
            </p>
          </div>
          <Field label={videoStudioTexts.rewriteChangePrompt}>
            <Textarea
              rows={3}
              value={change}
              onChange={(e) => setChange(e.target.value)}
              placeholder={videoStudioTexts.rewritePlaceholder}
              maxLength={GOAL_MAX}
              autoFocus
            />
          </Field>
          {failure && (
            <Alert tone="error" title={videoStudioTexts.rewriteFailedHeading}>
              <p>{failure}</p>
              <p className="mt-1.5">{videoStudioTexts.rewriteHint}</p>
            </Alert>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">{videoStudioTexts.cancel}</Button>
            </DialogClose>
            <Button type="submit" loading={rewrite.isPending} disabled={blank}>
              {rewrite.isPending ? videoStudioTexts.rewriting : videoStudioTexts.rewriteTitle}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
