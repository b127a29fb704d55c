import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useId, useReducer, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { CreateImageVariationsInput, GenerationJob } from '#contracts/generation.ts';
import { generationMessages } from '#contracts/generation.ts';
import type { StandardModel } from '#contracts/models.ts';
import { Card } from '../../components/ui/card.tsx';
import { userMessage } from '../../lib/api-errors.ts';
import { contractQuery } from '../../lib/contract-query.ts';
import { paths } from '../../lib/paths.ts';
import { useMe } from '../../lib/session/me.ts';
import { useStandardModels } from '../../lib/models/standard-models.ts';
import { AspectRatioPicker } from './components/aspect-ratio-picker.tsx';
import { BrandKitSelect } from '#web/components/studio/brand-kit-select.tsx';
import { useBrandKitChoice } from '#web/lib/brand-kits/brand-kit-choice.ts';
import { ImageGeneratePanel } from './components/image-generate-panel.tsx';
import { InspirationModal } from '../../components/inspirations/image-inspiration-modal.tsx';
import { ModelInfoDialog } from './components/model-info-dialog.tsx';
import { ModelPicker } from './components/model-picker.tsx';
import { StoreProductPhoto } from './components/store-product-photo.tsx';
import { PreviewPanel } from './components/preview-panel.tsx';
import { PromptEditor } from './components/prompt-editor.tsx';
import { SectionHeading } from '../../components/studio/section-heading.tsx';
import { UploadBox } from '../../components/studio/upload-box.tsx';
import { useGenerationGroup, type GroupSource } from '../../lib/generation/use-generation-group.ts';
import { startImageVariations } from './api/create-image-variations.ts';
import { useHistory } from './hooks/use-history.ts';
import { useUploadSlot } from '../../lib/uploads/use-upload-slot.ts';
import { editorReducer, initialEditorState, type ModelType } from './lib/editor-state.ts';
import { creditsError, generateBlocker, missingInputError } from './lib/generate-rules.ts';
import { buildGenerationRequest, uploadsOfRequest } from './lib/generation-request.ts';
import {
  emptyHistory,
  entryFromJobs,
  entryFromSavedKlip,
  entrySettings,
  groupSettings,
  historyCounter,
  type HistoryEntry,
  type UploadIds,
} from './lib/history.ts';
import { opensWithChoice, readEditorLocationState } from './lib/location-state.ts';
import { isProductEditor, isTryOn, promptPlaceholder, resolveSelection } from './lib/model-selection.ts';
import { liveResult } from './lib/result-tiles.ts';
import { shellTexts } from '../../lib/texts.ts';
import { imageStudioTexts } from './texts.ts';
import { listTrainedModels } from '#contracts/routes.ts';

/**
 * GET /api/models/trained without filters: the models the user may generate with — public ones,
 * their own private ones and, for a super admin, every one (docs/product-rules.md#screens-and-access).
 * The same query (and cache entry) as the unfiltered Klip Models page, whose visibility changes
 * reload this list too.
 */
const usableTrainedModels = contractQuery(listTrainedModels, { query: {} }, { select: (data) => data.models, staleTime: 60_000 });

const imageSource: GroupSource<CreateImageVariationsInput> = {
  key: 'image-studio',
  start: startImageVariations,
  kind: 'image',
  failedFallback: generationMessages.failedFallback,
};

const messageOf = (error: Error | null) => (error ? userMessage(error) : null);

/** /create/image: the image editor. */
export default function CreateImagePage() {
  const location = useLocation();
  const [opened] = useState(() => readEditorLocationState(location.state));
  const [editor, dispatch] = useReducer(editorReducer, opened, initialEditorState);
  const history = useHistory(opened.savedKlip ? { entries: [entryFromSavedKlip(opened.savedKlip)], index: 0 } : emptyHistory);
  const standard = useStandardModels();
  const trained = useQuery(usableTrainedModels);
  const { data: me } = useMe();
  const product = useUploadSlot();
  const background = useUploadSlot();
  const outfit = useUploadSlot();
  const [infoModel, setInfoModel] = useState<StandardModel | null>(null);
  const [inspiring, setInspiring] = useState(false);
  const ids = useId();
  const brandKit = useBrandKitChoice();

  const resolved = resolveSelection(editor.selection, standard.data, trained.data);
  const model = resolved.model;
  const listQuery = resolved.type === 'standard' ? standard : trained;
  const modelsLoading = standard.isPending || (resolved.type === 'trained' && trained.isPending);

  const { push } = history;
  const onFinished = useCallback(
    (jobs: GenerationJob[], request: CreateImageVariationsInput | undefined) => {
      const entry = entryFromJobs(jobs, uploadsOfRequest(request));
      if (entry) push(entry);
    },
    [push],
  );
  const keepOpenedChoice = opensWithChoice(opened);
  const onResumed = useCallback(
    (jobs: GenerationJob[]) => {
      const settings = groupSettings(jobs);
      if (settings && !keepOpenedChoice) dispatch({ type: 'settings-restored', settings });
    },
    [keepOpenedChoice],
  );
  const generation = useGenerationGroup<CreateImageVariationsInput>(
    { onFinished, onResumed, showFinishedLatest: opened.savedKlip === null },
    imageSource,
  );

  const currentUploads: UploadIds = {
    ...(product.upload ? { productUploadId: product.upload.id } : {}),
    ...(background.upload ? { backgroundUploadId: background.upload.id } : {}),
    ...(outfit.upload ? { outfitUploadId: outfit.upload.id } : {}),
  };
  const productEditor = isProductEditor(model);
  const tryOn = isTryOn(model);
  const relevantSlots = productEditor ? [product, background] : tryOn ? [outfit] : [];
  const blocker = generateBlocker({
    prompt: editor.prompt,
    generating: generation.isGenerating,
    modelsLoading,
    model,
    hasProductImage: product.status === 'ready',
    uploading: relevantSlots.some((s) => s.status === 'uploading'),
  });

  const generate = () => {
    if (!model || blocker) return;
    const refused = missingInputError(model, outfit.status === 'ready') ?? creditsError(me?.credits, editor.count);
    if (refused) return generation.showError(refused);
    generation.start(
      buildGenerationRequest({
        model,
        prompt: editor.prompt,
        aspectRatio: editor.aspectRatio,
        uploads: currentUploads,
        count: editor.count,
        brandKitId: brandKit.kitId,
      }),
    );
  };

  const restore = (entry: HistoryEntry | null) => {
    if (entry) dispatch({ type: 'settings-restored', settings: entrySettings(entry) });
  };

  const current = history.current;
  const currentModel = current
    ? resolveSelection(
        { type: current.modelType, id: current.modelId, name: current.modelId ? null : current.modelName },
        standard.data,
        trained.data,
      ).model
    : null;
  const regenerate = () => {
    if (!current || !currentModel) return;
    restore(current);
    const count = current.tiles.length;
    const refused = creditsError(me?.credits, count);
    if (refused) return generation.showError(refused);
    generation.start(
      buildGenerationRequest({
        model: currentModel,
        prompt: current.prompt,
        aspectRatio: current.aspectRatio,
        uploads: { ...currentUploads, ...current.uploads },
        count,
        brandKitId: brandKit.kitId,
      }),
    );
  };
  const live = liveResult(generation.isGenerating, generation.jobs, { count: editor.count, prompt: editor.prompt });

  const selectType = (type: ModelType) => dispatch({ type: 'model-type-switched', modelType: type });
  const editingSaved = opened.savedKlip !== null && current !== null && history.state.index === 0;

  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <title>{shellTexts.pageTitle(imageStudioTexts.pageTitle)}</title>
      <Link
        to={paths.dashboard}
        className="inline-flex items-center gap-1.5 rounded-lg text-sm font-semibold text-ink-600 hover:text-ink-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> {shellTexts.backToDashboard}
      </Link>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{imageStudioTexts.title}</h1>
          <p className="mt-1 text-ink-600">{imageStudioTexts.subtitle}</p>
        </div>
        {editingSaved && (
          <p className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset">
            {imageStudioTexts.editingSavedKlip}
          </p>
        )}
      </div>

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)] xl:grid-cols-[minmax(0,30rem)_minmax(0,1fr)]">
        <Card className="flex flex-col divide-y divide-ink-100">
          <section className="flex flex-col gap-3 p-4 sm:p-5" aria-labelledby={`${ids}-model`}>
            <SectionHeading step={1} id={`${ids}-model`}>
              {imageStudioTexts.model}
            </SectionHeading>
            <ModelPicker
              type={resolved.type}
              onTypeChange={selectType}
              standard={standard.data}
              trained={trained.data}
              selectedId={model?.model.id ?? null}
              onSelect={(type, id) => dispatch({ type: 'model-selected', modelType: type, id })}
              onInfo={setInfoModel}
              loading={listQuery.isPending}
              error={messageOf(listQuery.error)}
              onRetry={() => void listQuery.refetch()}
              labelledBy={`${ids}-model`}
            />
          </section>

          {productEditor ? (
            <section className="flex flex-col gap-3 p-4 sm:p-5" aria-labelledby={`${ids}-inputs`}>
              <SectionHeading step={2} id={`${ids}-inputs`}>
                {imageStudioTexts.images}
              </SectionHeading>
              <UploadBox label={imageStudioTexts.productImage} required slot={product} />
              <StoreProductPhoto slot={product} disabled={generation.isGenerating} />
              <UploadBox label={imageStudioTexts.backgroundImage} slot={background} />
            </section>
          ) : tryOn ? (
            <section className="flex flex-col gap-3 p-4 sm:p-5" aria-labelledby={`${ids}-inputs`}>
              <SectionHeading step={2} id={`${ids}-inputs`}>
                {imageStudioTexts.outfit}
              </SectionHeading>
              <UploadBox label={imageStudioTexts.outfitImage} required slot={outfit} />
            </section>
          ) : (
            <section className="flex flex-col gap-3 p-4 sm:p-5" aria-labelledby={`${ids}-format`}>
              <SectionHeading step={2} id={`${ids}-format`}>
                {imageStudioTexts.aspectRatio}
              </SectionHeading>
              <AspectRatioPicker
                value={editor.aspectRatio}
                onChange={(aspectRatio) => dispatch({ type: 'aspect-ratio-selected', aspectRatio })}
                labelledBy={`${ids}-format`}
              />
            </section>
          )}

          <section className="flex flex-col gap-4 p-4 sm:p-5">
            <PromptEditor
              step={3}
              id={`${ids}-prompt`}
              prompt={editor.prompt}
              placeholder={promptPlaceholder(model)}
              enhanceNote={editor.enhanceNote}
              onType={(prompt) => dispatch({ type: 'prompt-typed', prompt })}
              onEnhanced={(prompt, note) => dispatch({ type: 'prompt-enhanced', prompt, note })}
              onRewritten={(prompt) => dispatch({ type: 'prompt-replaced', prompt })}
              onInspire={() => setInspiring(true)}
              brandKitId={brandKit.kitId}
            />
            <BrandKitSelect choice={brandKit} disabled={generation.isGenerating} />
          </section>

          <div className="p-4 sm:p-5">
            <ImageGeneratePanel
              count={editor.count}
              onCountChange={(count) => dispatch({ type: 'count-selected', count })}
              credits={me?.credits}
              generating={generation.isGenerating}
              blocker={blocker}
              error={generation.error}
              onGenerate={generate}
            />
          </div>
        </Card>

        <div className="lg:sticky lg:top-22">
          <PreviewPanel
            entry={current}
            counter={historyCounter(history.state)}
            canBack={history.canBack}
            canNext={history.canNext}
            onBack={() => restore(history.back())}
            onNext={() => restore(history.next())}
            live={live}
            canRegenerate={currentModel !== null}
            onRegenerate={regenerate}
          />
        </div>
      </div>

      <ModelInfoDialog
        model={infoModel}
        onClose={() => setInfoModel(null)}
        onUse={(m) => {
          dispatch({ type: 'model-selected', modelType: 'standard', id: m.id });
          setInfoModel(null);
        }}
      />
      <InspirationModal open={inspiring} onOpenChange={setInspiring} onUse={(prompt) => dispatch({ type: 'prompt-replaced', prompt })} />
    </main>
  );
}
