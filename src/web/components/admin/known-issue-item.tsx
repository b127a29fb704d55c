import { Pencil, Trash } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { KNOWN_ISSUE_MAX, knownIssueMessages, type KnownIssue } from '#contracts/known-issues.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Textarea } from '../ui/textarea.tsx';
import { knownIssueError, useDeleteKnownIssue, useEditKnownIssue } from './known-issues-api.ts';
import { RelativeTime } from './relative-time.tsx';
import { knownIssuesTexts } from '../../lib/texts.ts';

type Mode = 'view' | 'edit' | 'confirm-delete';

/** One note: its text and who wrote it when; edited inline (Save/Cancel), deleted after a small confirmation. */
export function KnownIssueItem({ issue, onDeleted }: { issue: KnownIssue; onDeleted: () => void }) {
  const [mode, setMode] = useState<Mode>('view');
  const [draft, setDraft] = useState(issue.text);
  const [blank, setBlank] = useState(false);
  const edit = useEditKnownIssue();
  const remove = useDeleteKnownIssue();
  const editButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  // Back in view mode, focus returns to the button that left it (rendered again only then).
  const focusAfter = useRef<'edit' | 'delete' | null>(null);
  const editId = useId();

  useEffect(() => {
    if (mode !== 'view' || !focusAfter.current) return;
    (focusAfter.current === 'edit' ? editButton : deleteButton).current?.focus();
    focusAfter.current = null;
  }, [mode]);

  const backToView = (focus: 'edit' | 'delete') => {
    focusAfter.current = focus;
    edit.reset();
    remove.reset();
    setBlank(false);
    setMode('view');
  };

  const startEdit = () => {
    setDraft(issue.text);
    setMode('edit');
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) {
      setBlank(true);
      return;
    }
    if (text === issue.text) {
      backToView('edit');
      return;
    }
    edit.mutate({ id: issue.id, text }, { onSuccess: () => backToView('edit') });
  };

  // The promise, not mutate's onSuccess: this item leaves the list (and unmounts) as soon as the cache drops it.
  // A failure is shown from remove.error.
  const confirmDelete = () => remove.mutateAsync(issue.id).then(onDeleted, () => {});
  // Escape leaves the edit or the confirmation, not the whole panel (which closes on an Escape that reaches it).
  const onEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    backToView(mode === 'edit' ? 'edit' : 'delete');
  };

  if (mode === 'edit') {
    const serverError = edit.isError ? knownIssueError(edit.error) : undefined;
    const error = blank ? knownIssueMessages.textRequired : serverError;
    return (
      <li className="px-4 py-3">
        <form onSubmit={save} className="flex flex-col gap-2">
          <label htmlFor={editId} className="sr-only">
            {knownIssuesTexts.editLabel}
          </label>
          <Textarea
            id={editId}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              setBlank(false);
            }}
            maxLength={KNOWN_ISSUE_MAX}
            rows={3}
            className="min-h-20 text-sm"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${editId}-error` : undefined}
            autoFocus
            onKeyDown={onEscape}
            onFocus={(event) => event.currentTarget.setSelectionRange(event.currentTarget.value.length, event.currentTarget.value.length)}
          />
          {error && (
            <p id={`${editId}-error`} role="alert" className="text-xs font-medium text-danger-600">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={() => backToView('edit')} onKeyDown={onEscape}>
              {knownIssuesTexts.cancel}
            </Button>
            <Button type="submit" size="sm" loading={edit.isPending} onKeyDown={onEscape}>
              {knownIssuesTexts.save}
            </Button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li className="px-4 py-3" data-testid="known-issue">
      <p className="text-sm break-words whitespace-pre-wrap text-ink-900">{issue.text}</p>
      <p className="mt-1 text-xs text-ink-500">
        {issue.createdByEmail ?? knownIssuesTexts.formerAdmin} · <RelativeTime iso={issue.createdAt} />
        {issue.updatedAt !== issue.createdAt && <> · {knownIssuesTexts.edited}</>}
      </p>
      {mode === 'confirm-delete' ? (
        <div
          role="group"
          aria-label={knownIssuesTexts.confirmDelete}
          className="mt-2 flex flex-wrap items-center justify-end gap-2 rounded-lg bg-danger-50 px-3 py-2"
        >
          <span className="mr-auto text-xs font-medium text-danger-700">{knownIssuesTexts.confirmDelete}</span>
          <Button variant="ghost" size="sm" autoFocus onClick={() => backToView('delete')} onKeyDown={onEscape}>
            {knownIssuesTexts.cancel}
          </Button>
          <Button variant="danger" size="sm" loading={remove.isPending} onClick={confirmDelete} onKeyDown={onEscape}>
            {knownIssuesTexts.delete}
          </Button>
        </div>
      ) : (
        <div className="mt-1 flex justify-end gap-1">
          <Button ref={editButton} variant="ghost" size="sm" onClick={startEdit}>
            <Pencil className="size-3.5" aria-hidden="true" />
            {knownIssuesTexts.edit}
          </Button>
          <Button ref={deleteButton} variant="ghost" size="sm" onClick={() => setMode('confirm-delete')}>
            <Trash className="size-3.5" aria-hidden="true" />
            {knownIssuesTexts.delete}
          </Button>
        </div>
      )}
      {remove.isError && (
        <Alert tone="error" className="mt-2">
          {knownIssueError(remove.error)}
        </Alert>
      )}
    </li>
  );
}
