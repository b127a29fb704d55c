import { useId, useState, type FormEvent } from 'react';
import { KNOWN_ISSUE_MAX } from '#contracts/known-issues.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Textarea } from '../ui/textarea.tsx';
import { knownIssueError, useAddKnownIssue } from './known-issues-api.ts';
import { knownIssuesTexts } from '../../lib/texts.ts';

/** A textarea and 'Add'; blank text is ignored without asking the server (the spec). */
export function AddKnownIssueForm() {
  const [text, setText] = useState('');
  const add = useAddKnownIssue();
  const id = useId();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || add.isPending) return;
    add.mutate(trimmed, { onSuccess: () => setText('') });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2 border-b border-ink-100 p-4">
      <label htmlFor={id} className="sr-only">
        {knownIssuesTexts.newIssueLabel}
      </label>
      <Textarea
        id={id}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (add.isError) add.reset();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
        }}
        placeholder={knownIssuesTexts.placeholder}
        maxLength={KNOWN_ISSUE_MAX}
        rows={2}
        className="min-h-16 text-sm"
        aria-describedby={`${id}-hint`}
      />
      {add.isError && <Alert tone="error">{knownIssueError(add.error)}</Alert>}
      <div className="flex items-center justify-between gap-3">
        <p id={`${id}-hint`} className="text-xs text-ink-500">
          {knownIssuesTexts.addHint}
        </p>
        <Button type="submit" size="sm" loading={add.isPending}>
          {knownIssuesTexts.add}
        </Button>
      </div>
    </form>
  );
}
