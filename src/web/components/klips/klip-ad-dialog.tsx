import { useId, useState, type FormEvent, type RefObject } from 'react';
import { adMessages, AdTexts, type AdSet } from '#contracts/ads.ts';
import { adLayout, adLayouts, adSizes, type AdLayoutId, type AdSize, type AdSizeId, type AdTextField } from '#contracts/ad-formats.ts';
import { brandKitMessages } from '#contracts/brand-kits.ts';
import type { KlipCard } from '#contracts/klips.ts';
import { useAdPreview, type AdPreviewBody } from '../../lib/ads/ad-preview.ts';
import { useAdBrandKits, useMakeAds, type MakeAdsBody } from '../../lib/ads/ads.ts';
import { userMessage } from '../../lib/api-errors.ts';
import { cn } from '../../lib/cn.ts';
import { adTexts } from '../../lib/texts.ts';
import { Alert } from '../ui/alert.tsx';
import { Button, buttonStyles } from '../ui/button.tsx';
import { Dialog, DialogContent } from '../ui/dialog.tsx';
import { Field } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { AdLayoutSketch } from './ad-layout-sketch.tsx';
import { AdSizeRow } from './ad-size-row.tsx';

/** The select's value for "No brand kit" (kit ids are UUIDs). */
const NO_KIT = 'none';

type Texts = Record<AdTextField, string>;
const emptyTexts: Texts = { headline: '', subline: '', price: '', cta: '' };

/** Where a server message belongs in the form, when it names a field. */
type Place = AdTextField | 'sizes' | 'layout' | 'brandKit';
const messagePlaces: ReadonlyArray<readonly [string, Place]> = [
  [adMessages.headlineTooLong, 'headline'],
  [adMessages.sublineTooLong, 'subline'],
  [adMessages.priceTooLong, 'price'],
  [adMessages.ctaTooLong, 'cta'],
  [adMessages.sizesRequired, 'sizes'],
  [adMessages.tooManySizes, 'sizes'],
  [adMessages.sizeInvalid, 'sizes'],
  [adMessages.layoutInvalid, 'layout'],
  [brandKitMessages.notFound, 'brandKit'],
];

/** The contract's own rule for one text (AdTexts), so the browser says what the server would. */
function textError(field: AdTextField, value: string): string | undefined {
  const result = AdTexts.shape[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

const sizeName = (size: AdSize) => `${size.label}, ${adTexts.sizePixels(size.width, size.height)}`;

/**
 * Make ad: an owner's image klip turned into ads in a brand kit's look: a layout, a kit, the texts the
 * layout draws, the sizes (channels that refuse overlays shown, never sent), a live preview of the
 * first size from the server, then one new klip per size and their ZIP. While the ads are being made
 * the dialog stays open (Escape and the close button wait).
 */
export function KlipAdDialog({
  klip,
  workspaceId,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  klip: Pick<KlipCard, 'id'>;
  workspaceId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Make ad button, which gets the focus back when the dialog closes. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const make = useMakeAds(klip.id);
  function change(next: boolean) {
    if (!next && make.isPending) return;
    if (!next) make.reset();
    onOpenChange(next);
  }
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent title={adTexts.title} description={adTexts.description} size="lg" {...(returnFocusTo ? { returnFocusTo } : {})}>
        {make.data ? (
          <AdsMade set={make.data} sizes={make.variables?.sizes ?? []} onDone={() => change(false)} />
        ) : (
          <AdForm klipId={klip.id} workspaceId={workspaceId} make={make} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function AdForm({ klipId, workspaceId, make }: { klipId: string; workspaceId: string; make: ReturnType<typeof useMakeAds> }) {
  const kits = useAdBrandKits(workspaceId);
  const [layoutId, setLayoutId] = useState<AdLayoutId>(adLayouts[0]!.id);
  const [kitChoice, setKitChoice] = useState<string | null>(null);
  const [texts, setTexts] = useState<Texts>(emptyTexts);
  const [sizes, setSizes] = useState<ReadonlySet<AdSizeId>>(() => new Set<AdSizeId>(['square-feed']));
  const [previewShown, setPreviewShown] = useState(true);
  const layoutName = useId();
  const sizesErrorId = useId();
  const previewId = useId();

  const layout = adLayout(layoutId);
  const defaultKit = kits.data?.kits.find((k) => k.isDefault) ?? null;
  const kitValue = kitChoice ?? (kits.data ? (defaultKit?.id ?? NO_KIT) : '');
  // Omitted (kits not loaded): the workspace's default kit, as the server reads it.
  const brandKitId: string | null | undefined = kitValue === '' ? undefined : kitValue === NO_KIT ? null : kitValue;

  const chosenSizes = adSizes.filter((s) => s.refusesOverlays === null && sizes.has(s.id));
  const fieldErrors = Object.fromEntries(layout.fields.map((f) => [f, textError(f, texts[f])])) as Partial<Record<AdTextField, string>>;
  const textsValid = layout.fields.every((f) => fieldErrors[f] === undefined);
  const sentTexts = Object.fromEntries(
    layout.fields.map((f) => [f, texts[f].trim()]).filter(([, v]) => v !== ''),
  ) as AdPreviewBody['texts'];
  const base = { ...(brandKitId === undefined ? {} : { brandKitId }), layout: layoutId, texts: sentTexts };
  const firstSize = chosenSizes[0];
  // The preview waits for the kits (so it shows the kit that will be used), unless they failed to load.
  const previewReady = firstSize !== undefined && textsValid && (kits.data !== undefined || kits.isError);
  const preview = useAdPreview(klipId, previewReady ? { ...base, size: firstSize.id } : null, adTexts.previewFailed);

  // A server refusal: in the alert, and at the field its message names.
  const serverMessage = make.error ? userMessage(make.error, adTexts.createFailed) : null;
  const serverPlace = serverMessage ? messagePlaces.find(([message]) => message === serverMessage)?.[1] : undefined;
  const sizesError = chosenSizes.length === 0 ? adMessages.sizesRequired : serverPlace === 'sizes' ? serverMessage! : undefined;
  const busy = make.isPending;

  function toggleSize(id: AdSizeId, checked: boolean) {
    make.reset();
    setSizes((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !textsValid || chosenSizes.length === 0) return;
    const body: MakeAdsBody = { ...base, sizes: chosenSizes.map((s) => s.id) };
    make.mutate(body);
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_15rem]">
      <section aria-labelledby={previewId} className="flex flex-col gap-2 sm:sticky sm:top-0 sm:col-start-2 sm:row-start-1 sm:self-start">
        <div className="flex items-center justify-between gap-2">
          <h3 id={previewId} className="text-sm font-semibold text-ink-900">
            {adTexts.preview}
          </h3>
          <button
            type="button"
            aria-expanded={previewShown}
            onClick={() => setPreviewShown((shown) => !shown)}
            className="rounded-lg px-2 py-1 text-xs font-semibold text-ink-600 hover:bg-ink-100 focus-visible:outline-2 focus-visible:outline-brand-500 sm:hidden"
          >
            {previewShown ? adTexts.hidePreview : adTexts.showPreview}
          </button>
        </div>
        <div className={cn(!previewShown && 'hidden sm:block')}>
          <AdPreviewPane size={firstSize} preview={preview} />
        </div>
      </section>

      <fieldset disabled={busy} className="flex min-w-0 flex-col gap-5">
        <fieldset>
          <legend className="text-sm font-semibold text-ink-900">{adTexts.layout}</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {adLayouts.map((option) => (
              <LayoutCard
                key={option.id}
                name={layoutName}
                id={option.id}
                label={option.label}
                detail={adTexts.layoutFields(option.fields.map((f) => adTexts.fields[f]))}
                checked={layoutId === option.id}
                onChange={() => {
                  make.reset();
                  setLayoutId(option.id);
                }}
              />
            ))}
          </div>
          {serverPlace === 'layout' && <p className="mt-1.5 text-xs font-medium text-danger-600">{serverMessage}</p>}
        </fieldset>

        <Field label={adTexts.brandKit} error={serverPlace === 'brandKit' ? serverMessage! : undefined}>
          <Select
            value={kitValue}
            disabled={!kits.data}
            onChange={(e) => {
              make.reset();
              setKitChoice(e.target.value);
            }}
            {...(kits.data ? {} : { placeholder: kits.isError ? adTexts.kitsFailed : adTexts.kitsLoading })}
            options={
              kits.data
                ? [
                    ...kits.data.kits.map((kit) => ({ value: kit.id, label: kit.isDefault ? adTexts.defaultKit(kit.name) : kit.name })),
                    { value: NO_KIT, label: adTexts.noBrandKit },
                  ]
                : []
            }
          />
        </Field>

        <fieldset className="flex flex-col gap-3">
          <legend className="text-sm font-semibold text-ink-900">{adTexts.texts}</legend>
          {layout.fields.length === 0 && <p className="text-sm text-ink-600">{adTexts.noTexts}</p>}
          {layout.fields.map((field) => (
            <Field
              key={field}
              label={adTexts.fields[field]}
              hint={adTexts.fieldHints[field]}
              error={fieldErrors[field] ?? (serverPlace === field ? serverMessage! : undefined)}
            >
              <Input
                value={texts[field]}
                autoComplete="off"
                onChange={(e) => {
                  make.reset();
                  setTexts((current) => ({ ...current, [field]: e.target.value }));
                }}
              />
            </Field>
          ))}
        </fieldset>

        <fieldset aria-describedby={sizesError ? sizesErrorId : undefined}>
          <legend className="text-sm font-semibold text-ink-900">{adTexts.sizes}</legend>
          <ul className="mt-2 divide-y divide-ink-100 rounded-xl border border-ink-200">
            {adSizes.map((size) => (
              <AdSizeRow key={size.id} size={size} checked={sizes.has(size.id)} onChange={(checked) => toggleSize(size.id, checked)} />
            ))}
          </ul>
          {sizesError && (
            <p id={sizesErrorId} className="mt-1.5 text-xs font-medium text-danger-600">
              {sizesError}
            </p>
          )}
        </fieldset>
      </fieldset>

      <div className="flex flex-col gap-3 sm:col-span-2">
        {serverMessage && <Alert tone="error">{serverMessage}</Alert>}
        <div className="flex justify-end">
          <Button type="submit" loading={busy} disabled={!textsValid || chosenSizes.length === 0} className="w-full sm:w-auto">
            {adTexts.create}
          </Button>
        </div>
        {busy && (
          <p role="status" className="text-right text-sm text-ink-600">
            {adTexts.creating}
          </p>
        )}
      </div>
    </form>
  );
}

function LayoutCard({
  name,
  id,
  label,
  detail,
  checked,
  onChange,
}: {
  name: string;
  id: AdLayoutId;
  label: string;
  detail: string;
  checked: boolean;
  onChange: () => void;
}) {
  const detailId = useId();
  return (
    <div
      className={cn(
        'flex flex-col gap-2 rounded-xl border p-2.5 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500',
        checked ? 'border-brand-500 bg-brand-50/70 ring-1 ring-brand-500' : 'border-ink-200 bg-white hover:border-ink-300',
      )}
    >
      <label className="flex cursor-pointer flex-col gap-2">
        <AdLayoutSketch layout={id} />
        <span className="flex items-center gap-2">
          <input
            type="radio"
            name={name}
            value={id}
            checked={checked}
            onChange={onChange}
            aria-describedby={detailId}
            className="size-4 shrink-0 cursor-pointer appearance-none rounded-full border-2 border-ink-300 bg-white transition-[border] checked:border-[5px] checked:border-brand-600 focus-visible:outline-none"
          />
          <span className="min-w-0 text-sm font-semibold text-ink-900">{label}</span>
        </span>
      </label>
      <span id={detailId} className="text-xs leading-snug text-ink-600">
        {detail}
      </span>
    </div>
  );
}

function AdPreviewPane({ size, preview }: { size: AdSize | undefined; preview: ReturnType<typeof useAdPreview> }) {
  if (!size) return <p className="rounded-xl bg-ink-50 p-4 text-sm text-ink-600">{adTexts.previewNoSize}</p>;
  return (
    <div className="flex flex-col gap-2">
      <div
        className="relative mx-auto grid max-h-56 w-full place-items-center overflow-hidden rounded-xl bg-ink-100 ring-1 ring-ink-900/10 sm:max-h-none"
        style={{ aspectRatio: `${size.width} / ${size.height}` }}
      >
        {preview.url && <img src={preview.url} alt={adTexts.previewOf(sizeName(size))} className="size-full object-contain" />}
        {preview.loading && (
          <span className="absolute inset-0 grid place-items-center bg-white/50">
            <Spinner label={adTexts.previewLoading} />
          </span>
        )}
      </div>
      {preview.error && (
        <Alert tone="error">
          <p>{preview.error}</p>
          <button
            type="button"
            onClick={preview.retry}
            className="mt-1 font-semibold underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            {adTexts.previewRetry}
          </button>
        </Alert>
      )}
    </div>
  );
}

function AdsMade({ set, sizes, onDone }: { set: AdSet; sizes: readonly AdSizeId[]; onDone: () => void }) {
  const listId = useId();
  const labelOf = (index: number) => {
    const id = sizes[index];
    const size = adSizes.find((s) => s.id === id);
    return size ? sizeName(size) : '';
  };
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="success">{adTexts.made(set.klips.length)}</Alert>
      <h3 id={listId} className="sr-only">
        {adTexts.madeList}
      </h3>
      <ul aria-labelledby={listId} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {set.klips.map((ad, index) => (
          <li key={ad.id} className="flex flex-col gap-1.5">
            <img
              src={ad.thumbnailUrl ?? ad.imageUrl}
              alt={adTexts.adAlt(labelOf(index))}
              className="aspect-square w-full rounded-lg bg-ink-100 object-contain ring-1 ring-ink-900/10"
            />
            <span className="text-xs font-medium text-ink-700">{labelOf(index)}</span>
          </li>
        ))}
      </ul>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          {adTexts.done}
        </Button>
        <a href={set.zipUrl} download className={buttonStyles({ variant: 'primary' })}>
          {adTexts.downloadZip}
        </a>
      </div>
    </div>
  );
}
