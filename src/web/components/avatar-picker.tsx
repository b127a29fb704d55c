import { useRef, useState, type ChangeEvent } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { AVATAR_TYPES, avatarFileProblem } from '#web/lib/avatar-file.ts';

interface AvatarMutation<TVariables> {
  mutate: (variables: TVariables, options: { onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

export interface AvatarPickerTexts {
  upload: string;
  change: string;
  uploading: string;
  /** The spinner's name over the picture while it uploads. */
  uploadingLabel: string;
  /** Needed only with a `remove` mutation. */
  remove?: string;
  hint: string;
  /** The file input's name. */
  imageLabel: string;
}

/** An avatar with Upload (and Remove, where it can be removed); a file is checked in the browser before it is sent. */
export function AvatarPicker({
  name,
  avatarUrl,
  upload,
  remove,
  texts,
}: {
  name: string;
  avatarUrl: string | null;
  upload: AvatarMutation<File>;
  remove?: AvatarMutation<undefined>;
  texts: AvatarPickerTexts;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || Boolean(remove?.isPending);

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const problem = avatarFileProblem(file);
    setError(problem);
    if (problem) return;
    upload.mutate(file, { onError: (err) => setError(userMessage(err)) });
  };

  const onRemove = () => {
    setError(null);
    remove?.mutate(undefined, { onError: (err) => setError(userMessage(err)) });
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:gap-5">
        <div className="relative shrink-0">
          <Avatar name={name} src={avatarUrl} size="lg" />
          {upload.isPending && (
            <div className="absolute inset-0 grid place-items-center rounded-full bg-white/70">
              <Spinner label={texts.uploadingLabel} />
            </div>
          )}
        </div>
        <div className="min-w-0">
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => fileInput.current?.click()}>
              {upload.isPending ? texts.uploading : avatarUrl ? texts.change : texts.upload}
            </Button>
            {remove && avatarUrl && (
              <Button variant="ghost" size="sm" loading={remove.isPending} disabled={busy} onClick={onRemove}>
                {texts.remove}
              </Button>
            )}
          </div>
          <p className="mt-2 text-xs text-ink-500">{texts.hint}</p>
          <input
            ref={fileInput}
            type="file"
            accept={AVATAR_TYPES.join(',')}
            aria-label={texts.imageLabel}
            tabIndex={-1}
            className="sr-only"
            onChange={onFileChosen}
          />
        </div>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
