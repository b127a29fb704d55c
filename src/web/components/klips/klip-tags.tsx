import { Plus, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { tagName, type KlipCard } from '#contracts/klips.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useAddKlipTag, useRemoveKlipTag } from '../../lib/klips/use-klip-edits.ts';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { toast } from '../ui/toast.tsx';
import { klipTexts } from '../../lib/texts.ts';
import { klipMessages, TAG_MAX_LENGTH } from '#contracts/klip-rules.ts';

/** A refusal the server explains (too long, too many tags) reads as it says; anything else as the spec's text. */
function addTagError(error: unknown): string {
  if (error instanceof ApiError && error.fromServer && (error.status === 400 || error.status === 409)) return error.message;
  return klipTexts.addTagFailed;
}

/** A klip's tags; its owner (or a super admin) adds and removes them. */
export function KlipTags({ klip }: { klip: KlipCard }) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const add = useAddKlipTag(klip);
  const remove = useRemoveKlipTag(klip);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = tagName.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? klipMessages.tagRequired);
      return;
    }
    setError(null);
    add.mutate(parsed.data, {
      onSuccess: () => setDraft(''),
      onError: (e) => setError(addTagError(e)),
    });
  }

  return (
    <div className="flex flex-col gap-2.5">
      {klip.tags.length === 0 ? (
        <p className="text-sm text-ink-500">{klipTexts.noTags}</p>
      ) : (
        <ul aria-label={klipTexts.tags} className="flex flex-wrap gap-1.5">
          {klip.tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex h-7 items-center gap-0.5 rounded-full bg-brand-50 pr-0.5 pl-2.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset"
            >
              #{tag}
              {klip.canEdit ? (
                <button
                  type="button"
                  aria-label={klipTexts.removeTag(tag)}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(tag, { onError: () => toast(klipTexts.removeTagFailed, 'error') })}
                  className="grid size-6 place-items-center rounded-full text-brand-700 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-50"
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              ) : (
                <span className="w-2" />
              )}
            </li>
          ))}
        </ul>
      )}
      {klip.canEdit && (
        <form onSubmit={submit} className="flex flex-col gap-1.5" noValidate>
          <div className="flex gap-2">
            <Input
              aria-label={klipTexts.newTag}
              placeholder={klipTexts.newTag}
              value={draft}
              maxLength={TAG_MAX_LENGTH + 20}
              autoComplete="off"
              onChange={(e) => {
                setDraft(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="h-9 min-w-0 flex-1 text-sm"
            />
            <Button type="submit" size="sm" variant="secondary" loading={add.isPending}>
              <Plus className="size-4" aria-hidden="true" />
              {klipTexts.addTag}
            </Button>
          </div>
          {error && (
            <p id={errorId} role="alert" className="text-sm font-medium text-danger-700">
              {error}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
