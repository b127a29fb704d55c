import { Sparkles, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { Look } from '#contracts/looks.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useDeleteLook } from '../api/looks.ts';
import { lookSummary } from '../lib/look-summary.ts';
import { batchesTexts } from '../texts.ts';

const texts = batchesTexts.looks;

/**
 * 'Saved look': "No look" or one of the workspace's looks; choosing one fills the form (the page does)
 * and says what ads it makes. Owners and admins may delete the chosen look.
 */
export function LookSelect({
  workspaceId,
  looks,
  chosen,
  onChoose,
  disabled,
}: {
  workspaceId: string;
  looks: readonly Look[];
  chosen: Look | null;
  onChoose: (look: Look | null) => void;
  disabled?: boolean | undefined;
}) {
  const id = useId();
  const hintId = useId();
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteLook(workspaceId);
  const deleteButton = useRef<HTMLButtonElement>(null);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="flex items-center gap-1.5 text-sm font-medium text-ink-800">
        <Sparkles className="size-4 text-brand-600" aria-hidden="true" />
        {texts.label}
      </label>
      <div className="flex items-center gap-2">
        <Select
          id={id}
          className="min-w-0 flex-1"
          value={chosen?.id ?? ''}
          placeholder={texts.none}
          options={looks.map((look) => ({ value: look.id, label: look.name }))}
          onChange={(event) => onChoose(looks.find((look) => look.id === event.target.value) ?? null)}
          disabled={disabled}
          aria-describedby={hintId}
        />
        {chosen?.canDelete && (
          <Button ref={deleteButton} variant="ghost" size="sm" aria-label={texts.delete(chosen.name)} onClick={() => setDeleting(true)}>
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        )}
      </div>
      <div id={hintId} className="text-xs text-ink-500">
        {chosen ? lookSummary(chosen).map((line) => <p key={line}>{line}</p>) : <p>{texts.hint}</p>}
      </div>
      <ConfirmDialog
        open={deleting}
        onOpenChange={(open) => {
          setDeleting(open);
          if (!open) remove.reset();
        }}
        title={texts.deleteTitle(chosen?.name ?? '')}
        description={texts.deleteIntro}
        confirmLabel={texts.deleteConfirm}
        tone="danger"
        pending={remove.isPending}
        error={remove.error}
        errorTitle={texts.deleteFailed}
        returnFocusTo={deleteButton}
        onConfirm={() => {
          if (!chosen) return;
          remove.mutate(chosen.id, {
            onSuccess: () => {
              setDeleting(false);
              onChoose(null);
              toast(texts.deleted, 'success');
            },
          });
        }}
      />
    </div>
  );
}
