import { useId } from 'react';
import type { TrainedModel } from '#contracts/models.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { formatDate } from '#web/lib/format-date.ts';
import { useSetTrainedModelPublic } from '../../api/models.ts';
import { adminTexts } from '../../texts.ts';

const t = adminTexts.modelsTab;

/** The grid of a row and of the column headings above the rows (from md up; below, each row is a card). */
export const trainedColumns = 'md:grid-cols-[minmax(0,1fr)_7rem_minmax(0,12rem)_7rem_8rem]';

/** One trained model: name, type, base model, created, and its Public switch. */
export function TrainedModelRow({ model }: { model: TrainedModel }) {
  const nameId = useId();
  const labelId = useId();
  const setPublic = useSetTrainedModelPublic();

  const save = (isPublic: boolean) =>
    setPublic.mutate(
      { id: model.id, isPublic },
      {
        onSuccess: (saved) => toast(saved.isPublic ? t.madePublic(saved.name) : t.madePrivate(saved.name), 'success'),
        onError: (error) => toast(userMessage(error, t.toggleFailed), 'error'),
      },
    );

  return (
    <li
      data-testid="trained-model"
      className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1.5 px-4 py-4 md:items-center md:px-6 ${trainedColumns}`}
    >
      <p id={nameId} className="min-w-0 font-semibold break-words text-ink-900">
        {model.name}
      </p>
      <div className="order-last col-span-full flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-700 md:order-none md:contents">
        <span>
          <span className="text-ink-500 md:sr-only">{t.type}: </span>
          {t.types[model.type]}
        </span>
        <span className="min-w-0 break-all">
          <span className="text-ink-500 md:sr-only">{t.baseModel}: </span>
          <span className="font-mono text-xs">{model.baseModel}</span>
        </span>
        <span>
          <span className="text-ink-500 md:sr-only">{t.created}: </span>
          <time dateTime={model.createdAt}>{formatDate(model.createdAt)}</time>
        </span>
      </div>
      <div className="flex items-center justify-end gap-2.5">
        {setPublic.isPending && <Spinner size="sm" />}
        <span id={labelId} className="text-sm font-medium text-ink-800">
          {t.public}
        </span>
        <Switch checked={model.isPublic} disabled={setPublic.isPending} aria-labelledby={`${labelId} ${nameId}`} onCheckedChange={save} />
      </div>
    </li>
  );
}
