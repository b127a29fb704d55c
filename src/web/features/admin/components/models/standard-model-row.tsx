import { useId, useState } from 'react';
import type { StandardModel } from '#contracts/models.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { useSetStandardModelActive } from '../../api/models.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { adminTexts } from '../../texts.ts';

const t = adminTexts.modelsTab;

/**
 * One standard model and its Active switch. Turning it off hides it from every user's editor, so that
 * asks first; turning it on does not.
 */
export function StandardModelRow({ model }: { model: StandardModel }) {
  const nameId = useId();
  const labelId = useId();
  const [confirming, setConfirming] = useState(false);
  const setActive = useSetStandardModelActive();

  const save = (isActive: boolean) =>
    setActive.mutate(
      { id: model.id, isActive },
      {
        onSuccess: (saved) => {
          setConfirming(false);
          toast(saved.isActive ? t.activated(saved.displayName) : t.deactivated(saved.displayName), 'success');
        },
        onError: (error) => {
          if (isActive) toast(userMessage(error, t.toggleFailed), 'error');
        },
      },
    );

  return (
    <li data-testid="standard-model" className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:gap-6 sm:px-6">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={nameId} className="font-semibold text-ink-900">
            {model.displayName}
          </h3>
          <Badge tone="neutral">
            <span className="sr-only">{t.category}: </span>
            {t.categories[model.category]}
          </Badge>
          {!model.isActive && <Badge tone="warning">{t.inactive}</Badge>}
        </div>
        <p className="mt-0.5 font-mono text-xs break-all text-ink-500">{model.name}</p>
        <p className="mt-1.5 text-sm text-ink-600">{model.description}</p>
      </div>
      <div className="flex shrink-0 items-center gap-2.5">
        {setActive.isPending && !confirming && <Spinner size="sm" />}
        <span id={labelId} className="text-sm font-medium text-ink-800">
          {t.active}
        </span>
        <Switch
          checked={model.isActive}
          disabled={setActive.isPending}
          aria-labelledby={`${labelId} ${nameId}`}
          onCheckedChange={(on) => (on ? save(true) : setConfirming(true))}
        />
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (open) return;
          setConfirming(false);
          setActive.reset();
        }}
        title={adminTexts.modelsTab.deactivateConfirmTitle}
        description={adminTexts.modelsTab.deactivateConfirmBody}
        confirmLabel={t.deactivate}
        tone="danger"
        pending={setActive.isPending}
        error={confirming ? setActive.error : null}
        errorFallback={t.toggleFailed}
        onConfirm={() => save(false)}
      >
        <p className="text-sm font-semibold text-ink-900">{model.displayName}</p>
      </ConfirmDialog>
    </li>
  );
}
