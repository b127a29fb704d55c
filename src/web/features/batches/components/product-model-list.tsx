import { uiTexts } from '#web/lib/texts.ts';
import { Package } from 'lucide-react';
import type { StandardModel } from '#contracts/models.ts';
import { RadioCard } from '#web/components/studio/radio-card.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { batchesTexts } from '../texts.ts';

/** The models a batch can use: standard models that compose an uploaded product photo into a scene. */
export function productModels(models: readonly StandardModel[] | undefined): StandardModel[] {
  return (models ?? []).filter((m) => m.mode === 'product');
}

/** A radio list of the product models, with loading, error and empty states. */
export function ProductModelList({
  query,
  selectedId,
  onSelect,
  labelledBy,
}: {
  query: { data: readonly StandardModel[] | undefined; isPending: boolean; error: Error | null; refetch: () => unknown };
  selectedId: string | null;
  onSelect: (id: string) => void;
  labelledBy: string;
}) {
  if (query.error)
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="error" title={batchesTexts.modelsLoadFailed} className="w-full">
          {userMessage(query.error)}
        </Alert>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {uiTexts.tryAgain}
        </Button>
      </div>
    );
  if (query.isPending)
    return (
      <div role="status" aria-label={batchesTexts.loadingModels} className="flex flex-col gap-2">
        {[0, 1].map((i) => (
          <div key={i} className="h-[68px] animate-pulse rounded-xl bg-ink-100" />
        ))}
      </div>
    );
  const models = productModels(query.data);
  if (models.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-ink-300 px-4 py-6 text-center text-sm text-ink-600">
        {batchesTexts.noProductModels}
      </p>
    );
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="flex flex-col gap-2">
      {models.map((m) => (
        <RadioCard
          key={m.id}
          name="batch-model"
          checked={m.id === selectedId}
          onChange={() => onSelect(m.id)}
          title={m.displayName}
          detail={<span className="line-clamp-2">{m.description}</span>}
          icon={<Package className="size-[18px]" aria-hidden="true" />}
        />
      ))}
    </div>
  );
}
