import { ArrowLeft, BookmarkPlus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SectionHeading } from '../../components/studio/section-heading.tsx';
import { UploadBox } from '../../components/studio/upload-box.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { userMessage } from '../../lib/api-errors.ts';
import { useStandardModels } from '../../lib/models/standard-models.ts';
import { paths } from '../../lib/paths.ts';
import { useMe } from '../../lib/session/me.ts';
import { useUploadSlot } from '../../lib/uploads/use-upload-slot.ts';
import { BrandKitSelect } from '#web/components/studio/brand-kit-select.tsx';
import { brandKitField, useBrandKitChoice } from '#web/lib/brand-kits/brand-kit-choice.ts';
import type { Look } from '#contracts/looks.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useCurrentWorkspace } from '#web/lib/workspaces/workspaces.ts';
import { useCreateBatch } from './api/create-batch.ts';
import { useLooks } from './api/looks.ts';
import { LookSelect } from './components/look-select.tsx';
import { SaveLookDialog } from './components/save-look-dialog.tsx';
import { BatchPrompt } from './components/batch-prompt.tsx';
import { PhotoDropZone } from './components/photo-drop-zone.tsx';
import { PhotoList } from './components/photo-list.tsx';
import { ProductModelList, productModels } from './components/product-model-list.tsx';
import { StartPanel } from './components/start-panel.tsx';
import { useProductPhotos } from './hooks/use-product-photos.ts';
import { useStoreItems } from './hooks/use-store-items.ts';
import { StoreItemsSection } from './components/store-items.tsx';
import { startBlocker } from './lib/start-blocker.ts';
import { batchTexts, shellTexts } from '../../lib/texts.ts';
import { batchesTexts } from './texts.ts';
import { TAG_MAX_LENGTH } from '#contracts/klip-rules.ts';

const section = 'flex flex-col gap-3 p-4 sm:p-5';

/** /create/batch: one prompt and model over up to 50 product photos. */
export default function BatchCreatePage() {
  const ids = useId();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const models = useStandardModels();
  const store = useStoreItems();
  const photos = useProductPhotos(store.items.length);
  const background = useUploadSlot();
  const [pickedModelId, setPickedModelId] = useState<string | null>(null);
  const [prompt, setPrompt] = useState('');
  const [name, setName] = useState(() => batchesTexts.defaultName());
  const create = useCreateBatch();
  const brandKit = useBrandKitChoice();
  // Saved looks come with brand kits (the plan's entitlement).
  const workspace = useCurrentWorkspace();
  const looksAllowed = workspace?.entitlements.brandKits === true;
  const looks = useLooks(workspace?.id, looksAllowed);
  const [look, setLook] = useState<Look | null>(null);
  const [lookBackground, setLookBackground] = useState<{ id: string; url: string | null } | null>(null);
  const [savingLook, setSavingLook] = useState(false);
  const backgroundUploadId = background.upload?.id ?? lookBackground?.id;

  /** One click fills the form with what the look holds; the batch also gets its ads. */
  const applyLook = (chosen: Look | null) => {
    setLook(chosen);
    if (!chosen) return;
    if (chosen.modelType === 'standard') setPickedModelId(chosen.modelId);
    setPrompt(chosen.prompt);
    background.clear();
    setLookBackground(chosen.backgroundUploadId ? { id: chosen.backgroundUploadId, url: chosen.backgroundUrl } : null);
    brandKit.choose(chosen.brandKitId);
  };

  const modelId = pickedModelId ?? productModels(models.data)[0]?.id ?? null;
  const blocker = startBlocker({
    starting: create.isPending,
    modelId,
    uploaded: photos.uploadIds.length + store.ids.length,
    uploading: photos.uploading || background.status === 'uploading',
    prompt,
    name,
  });

  const start = () => {
    if (blocker || !modelId) return;
    create.mutate(
      {
        name: name.trim(),
        modelType: 'standard',
        modelId,
        prompt,
        productUploadIds: photos.uploadIds,
        ...(store.ids.length > 0 ? { storeProductIds: store.ids } : {}),
        ...(backgroundUploadId ? { backgroundUploadId } : {}),
        ...brandKitField(brandKit.kitId),
        ...(look ? { lookId: look.id } : {}),
      },
      { onSuccess: (batch) => void navigate(paths.batch(batch.id)) },
    );
  };

  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-8">
      <title>{shellTexts.pageTitle(batchTexts.title)}</title>
      <Link
        to={paths.dashboard}
        className="inline-flex items-center gap-1.5 rounded-lg text-sm font-semibold text-ink-600 hover:text-ink-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> {shellTexts.backToDashboard}
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{batchTexts.title}</h1>
      <p className="mt-1 text-ink-600">{batchesTexts.subtitle}</p>

      <Card className="mt-6 flex flex-col divide-y divide-ink-100">
        {looksAllowed && workspace && (
          <section className={section}>
            <LookSelect
              workspaceId={workspace.id}
              looks={looks.data?.looks ?? []}
              chosen={look}
              onChoose={applyLook}
              disabled={create.isPending}
            />
            {looks.isError && <p className="text-xs text-danger-700">{batchesTexts.looks.loadFailed}</p>}
          </section>
        )}
        <section className={section} aria-labelledby={`${ids}-model`}>
          <SectionHeading step={1} id={`${ids}-model`}>
            {batchesTexts.model}
          </SectionHeading>
          <ProductModelList query={models} selectedId={modelId} onSelect={setPickedModelId} labelledBy={`${ids}-model`} />
        </section>

        <section className={section} aria-labelledby={`${ids}-photos`}>
          <SectionHeading step={2} id={`${ids}-photos`}>
            {batchesTexts.productPhotos}
          </SectionHeading>
          <PhotoDropZone photos={photos} labelledBy={`${ids}-photos`} />
          <StoreItemsSection store={store} otherItems={photos.count} />
          <PhotoList photos={photos} />
          <UploadBox label={batchesTexts.background} slot={background} />
          {lookBackground && !background.upload && (
            <div className="flex items-center gap-3 text-sm text-ink-700">
              {lookBackground.url && <img src={lookBackground.url} alt="" className="size-12 rounded-lg object-cover" />}
              <span className="min-w-0 flex-1">{batchesTexts.looks.backgroundFromLook}</span>
              <Button variant="ghost" size="sm" aria-label={batchesTexts.looks.removeBackground} onClick={() => setLookBackground(null)}>
                <X className="size-4" aria-hidden="true" />
              </Button>
            </div>
          )}
        </section>

        <section className="flex flex-col gap-4 p-4 sm:p-5">
          <BatchPrompt step={3} id={`${ids}-prompt`} prompt={prompt} onChange={setPrompt} brandKitId={brandKit.kitId} />
          <BrandKitSelect choice={brandKit} disabled={create.isPending} />
        </section>

        <section className={section}>
          <SectionHeading step={4} htmlFor={`${ids}-name`}>
            {batchesTexts.name}
          </SectionHeading>
          <Input
            id={`${ids}-name`}
            value={name}
            maxLength={TAG_MAX_LENGTH}
            onChange={(e) => setName(e.target.value)}
            aria-describedby={`${ids}-name-hint`}
          />
          <p id={`${ids}-name-hint`} className="text-xs text-ink-500">
            {batchesTexts.nameHint}
          </p>
        </section>

        {looksAllowed && workspace && (
          <div className="flex flex-wrap items-center gap-2 p-4 sm:p-5">
            <Button variant="secondary" onClick={() => setSavingLook(true)} disabled={!modelId || prompt.trim() === ''}>
              <BookmarkPlus className="size-4" aria-hidden="true" />
              {batchesTexts.looks.save}
            </Button>
            {(!modelId || prompt.trim() === '') && <p className="text-xs text-ink-500">{batchesTexts.looks.needsPrompt}</p>}
            {modelId && (
              <SaveLookDialog
                workspaceId={workspace.id}
                open={savingLook}
                onOpenChange={setSavingLook}
                base={{
                  modelType: 'standard',
                  modelId,
                  prompt,
                  backgroundUploadId: backgroundUploadId ?? null,
                  brandKitId: brandKit.kitId,
                }}
                onSaved={(saved) => setLook(saved)}
              />
            )}
          </div>
        )}

        <div className="p-4 sm:p-5">
          <StartPanel
            photos={photos.total}
            credits={me?.credits}
            blocker={blocker}
            starting={create.isPending}
            error={create.error ? userMessage(create.error) : null}
            onStart={start}
          />
        </div>
      </Card>
    </main>
  );
}
