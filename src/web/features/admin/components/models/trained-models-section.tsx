import { Card, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadError } from '#web/components/ui/load-error.tsx';
import { cn } from '#web/lib/cn.ts';
import { useAllTrainedModels } from '../../api/models.ts';
import { RowsSkeleton } from '../list-parts.tsx';
import { adminTexts } from '../../texts.ts';
import { trainedColumns, TrainedModelRow } from './trained-model-row.tsx';

const t = adminTexts.modelsTab;

/** Every user's trained models (a super admin sees private ones too), newest first, each with its Public switch. */
export function TrainedModelsSection() {
  const models = useAllTrainedModels();
  let body;
  if (models.isError) body = <LoadError title={t.trainedLoadFailed} query={models} className="p-4 sm:p-6" />;
  else if (!models.data) body = <RowsSkeleton rows={4} />;
  else if (models.data.length === 0) body = <p className="px-6 py-10 text-center text-ink-600">{t.trainedEmpty}</p>;
  else
    body = (
      <>
        <div
          aria-hidden="true"
          className={cn(
            'hidden gap-x-4 border-b border-ink-100 px-6 py-3 text-xs font-semibold tracking-wide text-ink-500 uppercase md:grid',
            trainedColumns,
          )}
        >
          <span>{t.name}</span>
          <span>{t.type}</span>
          <span>{t.baseModel}</span>
          <span>{t.created}</span>
          <span className="text-right">{t.public}</span>
        </div>
        <ul aria-label={t.trainedTitle} className="divide-y divide-ink-100">
          {models.data.map((model) => (
            <TrainedModelRow key={model.id} model={model} />
          ))}
        </ul>
      </>
    );
  return (
    <Card className="overflow-hidden" aria-busy={models.isPending || undefined}>
      <CardHeader className="pb-4 sm:pb-4">
        <CardTitle>{t.trainedTitle}</CardTitle>
        <p className="text-sm text-ink-600">{t.trainedSubtitle}</p>
      </CardHeader>
      <div className="border-t border-ink-100">{body}</div>
    </Card>
  );
}
