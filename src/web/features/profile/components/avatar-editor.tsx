import { useRef, useState, type ChangeEvent } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { useDeleteAvatar } from '../api/delete-avatar.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import { AVATAR_TYPES, avatarFileProblem } from '../lib/avatar-file.ts';
import { profileTexts } from '../texts.ts';

/** The avatar with Upload and Remove; a file is checked in the browser before it is sent. */
export function AvatarEditor({ name, avatarUrl }: { name: string; avatarUrl: string | null }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

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
    remove.mutate(undefined, { onError: (err) => setError(userMessage(err)) });
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:gap-5">
        <div className="relative shrink-0">
          <Avatar name={name} src={avatarUrl} size="lg" />
          {upload.isPending && (
            <div className="absolute inset-0 grid place-items-center rounded-full bg-white/70">
              <Spinner label={profileTexts.uploadingAvatar} />
            </div>
          )}
        </div>
        <div className="min-w-0">
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => fileInput.current?.click()}>
              {upload.isPending ? profileTexts.uploading : avatarUrl ? profileTexts.changePhoto : profileTexts.uploadPhoto}
            </Button>
            {avatarUrl && (
              <Button variant="ghost" size="sm" loading={remove.isPending} disabled={busy} onClick={onRemove}>
                {profileTexts.remove}
              </Button>
            )}
          </div>
          <p className="mt-2 text-xs text-ink-500">{profileTexts.avatarHint}</p>
          <input
            ref={fileInput}
            type="file"
            accept={AVATAR_TYPES.join(',')}
            aria-label={profileTexts.avatarImage}
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
