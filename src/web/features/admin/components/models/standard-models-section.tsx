import { Card, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadError } from '#web/components/ui/load-error.tsx';
import { useAllStandardModels } from '../../api/models.ts';
import { RowsSkeleton } from '../list-parts.tsx';
import { StandardModelRow } from './standard-model-row.tsx';
import { adminTexts } from '../../texts.ts';

const t = adminTexts.modelsTab;

/** Every standard model, active or not, in display order, each with its Active switch. */
export function StandardModelsSection() {
  const models = useAllStandardModels();
  let body;
  if (models.isError) body = <LoadError title={t.standardLoadFailed} query={models} className="p-4 sm:p-6" />;
  else if (!models.data) body = <RowsSkeleton rows={4} />;
  else if (models.data.length === 0) body = <p className="px-6 py-10 text-center text-ink-600">{t.standardEmpty}</p>;
  else
    body = (
      <ul aria-label={t.standardTitle} className="divide-y divide-ink-100">
        {models.data.map((model) => (
          <StandardModelRow key={model.id} model={model} />
        ))}
      </ul>
    );
  return (
    <Card className="overflow-hidden" aria-busy={models.isPending || undefined}>
      <CardHeader className="pb-4 sm:pb-4">
        <CardTitle>{t.standardTitle}</CardTitle>
        <p className="text-sm text-ink-600">{t.standardSubtitle}</p>
      </CardHeader>
      <div className="border-t border-ink-100">{body}</div>
    </Card>
  );
}
