import { ArrowLeft } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TAG_MAX_LENGTH } from '#contracts/klips.ts';
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
import { useCreateBatch } from './api/create-batch.ts';
import { BatchPrompt } from './components/batch-prompt.tsx';
import { PhotoDropZone } from './components/photo-drop-zone.tsx';
import { PhotoList } from './components/photo-list.tsx';
import { ProductModelList, productModels } from './components/product-model-list.tsx';
import { StartPanel } from './components/start-panel.tsx';
import { useProductPhotos } from './hooks/use-product-photos.ts';
import { startBlocker } from './lib/start-blocker.ts';
import { batchTexts, shellTexts } from '../../lib/texts.ts';
import { batchesTexts } from './texts.ts';

const section = 'flex flex-col gap-3 p-4 sm:p-5';

/** /create/batch: one prompt and model over up to 50 product photos. */
export default function BatchCreatePage() {
  const ids = useId();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const models = useStandardModels();
  const photos = useProductPhotos();
  const background = useUploadSlot();
  const [pickedModelId, setPickedModelId] = useState<string | null>(null);
  const [prompt, setPrompt] = useState('');
  const [name, setName] = useState(() => batchesTexts.defaultName());
  const create = useCreateBatch();
  const brandKit = useBrandKitChoice();

  const modelId = pickedModelId ?? productModels(models.data)[0]?.id ?? null;
  const blocker = startBlocker({
    starting: create.isPending,
    modelId,
    uploaded: photos.uploadIds.length,
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
        ...(background.upload ? { backgroundUploadId: background.upload.id } : {}),
        ...brandKitField(brandKit.kitId),
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
          <PhotoList photos={photos} />
          <UploadBox label={batchesTexts.background} slot={background} />
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

        <div className="p-4 sm:p-5">
          <StartPanel
            photos={photos.count}
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
