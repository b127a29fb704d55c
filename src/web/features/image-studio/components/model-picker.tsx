import { uiTexts } from '#web/lib/texts.ts';
import { Info, Package, Shirt, Sparkles, WandSparkles } from 'lucide-react';
import { Tabs as T } from 'radix-ui';
import type { ReactNode } from 'react';
import type { StandardModel, TrainedModel } from '#contracts/models.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { RadioCard } from '#web/components/studio/radio-card.tsx';
import { Tabs, TabsContent, TabsList } from '#web/components/ui/tabs.tsx';
import type { ModelType } from '../lib/editor-state.ts';
import { imageStudioTexts } from '../texts.ts';

const categoryIcon = { general: Sparkles, product: Package, fashion: Shirt } as const;

// The design system's tab look, a little tighter so both labels fit on one line at 360px.
const typeTab =
  'flex-1 rounded-lg px-2 py-2 text-[13px] font-semibold whitespace-nowrap text-ink-600 transition-colors hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-500 data-[state=active]:bg-white data-[state=active]:text-ink-900 data-[state=active]:shadow-sm sm:text-sm';

function ListSkeleton() {
  return (
    <div role="status" aria-label={imageStudioTexts.loadingModels} className="flex flex-col gap-2">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-[68px] animate-pulse rounded-xl bg-ink-100" />
      ))}
    </div>
  );
}

/** The model type toggle and the model radio list, with an info button per standard model. */
export function ModelPicker({
  type,
  onTypeChange,
  standard,
  trained,
  selectedId,
  onSelect,
  onInfo,
  loading,
  error,
  onRetry,
  labelledBy,
}: {
  type: ModelType;
  onTypeChange: (type: ModelType) => void;
  standard: readonly StandardModel[] | undefined;
  trained: readonly TrainedModel[] | undefined;
  selectedId: string | null;
  onSelect: (type: ModelType, id: string) => void;
  onInfo: (model: StandardModel) => void;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  labelledBy: string;
}) {
  const standardList = (
    <div role="radiogroup" aria-labelledby={labelledBy} className="flex flex-col gap-2">
      {(standard ?? []).map((m) => {
        const Icon = categoryIcon[m.category] ?? Sparkles;
        return (
          <RadioCard
            key={m.id}
            name="standard-model"
            checked={m.id === selectedId}
            onChange={() => onSelect('standard', m.id)}
            title={m.displayName}
            detail={<span className="line-clamp-2">{m.description}</span>}
            icon={<Icon className="size-[18px]" aria-hidden="true" />}
            action={
              <button
                type="button"
                onClick={() => onInfo(m)}
                aria-label={imageStudioTexts.about(m.displayName)}
                className="grid size-9 place-items-center rounded-lg text-ink-500 hover:bg-white hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <Info className="size-[18px]" aria-hidden="true" />
              </button>
            }
          />
        );
      })}
    </div>
  );

  const trainedList =
    (trained ?? []).length === 0 ? (
      <p className="rounded-xl border border-dashed border-ink-300 px-4 py-6 text-center text-sm text-ink-600">
        {imageStudioTexts.noTrainedModels}
      </p>
    ) : (
      <div role="radiogroup" aria-labelledby={labelledBy} className="flex max-h-80 flex-col gap-2 overflow-y-auto p-px">
        {(trained ?? []).map((m) => (
          <RadioCard
            key={m.id}
            name="trained-model"
            checked={m.id === selectedId}
            onChange={() => onSelect('trained', m.id)}
            title={
              m.isPublic ? (
                m.name
              ) : (
                <>
                  {m.name} <Badge className="ml-1 px-2 py-0 align-middle">{imageStudioTexts.private}</Badge>
                </>
              )
            }
            detail={
              m.triggerWord ? (
                <>
                  {imageStudioTexts.triggerWord}{' '}
                  <code className="rounded bg-ink-100 px-1.5 py-0.5 font-mono text-[11px] font-semibold text-ink-800">{m.triggerWord}</code>
                </>
              ) : (
                <span className="capitalize">{imageStudioTexts.typeModel(m.type)}</span>
              )
            }
            icon={<WandSparkles className="size-[18px]" aria-hidden="true" />}
          />
        ))}
      </div>
    );

  const body = (list: ReactNode) => {
    if (error)
      return (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error" title={imageStudioTexts.modelsLoadFailed} className="w-full">
            {error}
          </Alert>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            {uiTexts.tryAgain}
          </Button>
        </div>
      );
    return loading ? <ListSkeleton /> : list;
  };

  return (
    <Tabs value={type} onValueChange={(v) => onTypeChange(v === 'trained' ? 'trained' : 'standard')}>
      <TabsList className="w-full" aria-label={imageStudioTexts.modelType}>
        <T.Trigger value="standard" className={typeTab}>
          {imageStudioTexts.standardModels}
        </T.Trigger>
        <T.Trigger value="trained" className={typeTab}>
          {imageStudioTexts.trainedModels}
        </T.Trigger>
      </TabsList>
      <TabsContent value="standard">{body(standardList)}</TabsContent>
      <TabsContent value="trained">{body(trainedList)}</TabsContent>
    </Tabs>
  );
}
