import { Save } from 'lucide-react';
import { useId, useState } from 'react';
import { adLayouts, adSizes, type AdLayoutId, type AdSizeId, type AdTextField } from '#contracts/ad-formats.ts';
import { exportPresets, type ExportPresetId } from '#contracts/exports.ts';
import { LOOK_NAME_MAX, type Look, type LookInput } from '#contracts/looks.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { adTexts } from '#web/lib/texts.ts';
import { useCreateLook } from '../api/looks.ts';
import { batchesTexts } from '../texts.ts';
import { AdSizeRow } from '#web/components/klips/ad-size-row.tsx';

const texts = batchesTexts.looks;

function toggle<T>(set: ReadonlySet<T>, value: T, on: boolean): Set<T> {
  const next = new Set(set);
  if (on) next.add(value);
  else next.delete(value);
  return next;
}

/** What the batch form holds that a look saves. */
export type LookBase = Pick<LookInput, 'modelType' | 'modelId' | 'prompt' | 'backgroundUploadId' | 'brandKitId'>;

/**
 * 'Save as look': the form above under a name, with the ads to make for every item (a layout, its
 * texts, sizes — the channels that refuse overlays shown disabled with their reason — and the export
 * presets the ZIP holds).
 */
export function SaveLookDialog({
  workspaceId,
  base,
  open,
  onOpenChange,
  onSaved,
}: {
  workspaceId: string;
  base: LookBase;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (look: Look) => void;
}) {
  const ids = useId();
  const [name, setName] = useState('');
  const [layout, setLayout] = useState<AdLayoutId | null>(null);
  const [adCopy, setAdCopy] = useState<Partial<Record<AdTextField, string>>>({});
  const [sizes, setSizes] = useState<ReadonlySet<AdSizeId>>(new Set());
  const [presets, setPresets] = useState<ReadonlySet<ExportPresetId>>(new Set());
  const save = useCreateLook(workspaceId);
  const fields = layout ? (adLayouts.find((l) => l.id === layout)?.fields ?? []) : [];

  const submit = () => {
    const chosenSizes = layout ? adSizes.filter((s) => s.refusesOverlays === null && sizes.has(s.id)).map((s) => s.id) : [];
    const body: LookInput = {
      ...base,
      name: name.trim(),
      adLayout: chosenSizes.length > 0 ? layout : null,
      adTexts: Object.fromEntries(fields.filter((f) => adCopy[f]?.trim()).map((f) => [f, adCopy[f]!.trim()])),
      adSizes: chosenSizes,
      exportPresets: exportPresets.filter((p) => presets.has(p.id)).map((p) => p.id),
    };
    save.mutate(body, {
      onSuccess: (look) => {
        toast(texts.saved(look.name), 'success');
        onSaved(look);
        onOpenChange(false);
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) save.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent title={texts.saveTitle} description={texts.saveIntro} size="lg">
        <form
          className="flex flex-col gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <fieldset disabled={save.isPending} className="flex min-w-0 flex-col gap-5">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${ids}-name`} className="text-sm font-semibold text-ink-900">
                {texts.name}
              </label>
              <Input id={`${ids}-name`} value={name} maxLength={LOOK_NAME_MAX} onChange={(e) => setName(e.target.value)} required />
            </div>

            <fieldset className="flex flex-col gap-2">
              <legend className="text-sm font-semibold text-ink-900">{texts.adsHeading}</legend>
              <p className="text-xs text-ink-600">{texts.adsHint}</p>
              <div className="flex flex-wrap gap-x-4 gap-y-2" role="radiogroup" aria-label={adTexts.layout}>
                {[null, ...adLayouts.map((l) => l.id)].map((id) => (
                  <label key={id ?? 'none'} className="flex cursor-pointer items-center gap-2 text-sm text-ink-900">
                    <input
                      type="radio"
                      name={`${ids}-layout`}
                      checked={layout === id}
                      onChange={() => setLayout(id)}
                      className="size-4 accent-brand-600"
                    />
                    {id ? adLayouts.find((l) => l.id === id)!.label : texts.noLayout}
                  </label>
                ))}
              </div>
              {layout && (
                <>
                  {fields.length === 0 ? (
                    <p className="text-xs text-ink-600">{adTexts.noTexts}</p>
                  ) : (
                    <div className="grid gap-3 sm:grid-cols-2">
                      {fields.map((field) => (
                        <div key={field} className="flex flex-col gap-1">
                          <label htmlFor={`${ids}-${field}`} className="text-sm font-medium text-ink-800">
                            {adTexts.fields[field]}
                          </label>
                          <Input
                            id={`${ids}-${field}`}
                            value={adCopy[field] ?? ''}
                            placeholder={adTexts.fieldHints[field]}
                            onChange={(e) => setAdCopy((copy) => ({ ...copy, [field]: e.target.value }))}
                          />
                        </div>
                      ))}
                    </div>
                  )}
                  <fieldset>
                    <legend className="text-sm font-medium text-ink-800">{adTexts.sizes}</legend>
                    <ul className="mt-1.5 divide-y divide-ink-100 rounded-xl border border-ink-200">
                      {adSizes.map((size) => (
                        <AdSizeRow
                          key={size.id}
                          size={size}
                          checked={sizes.has(size.id)}
                          onChange={(on) => setSizes((set) => toggle(set, size.id, on))}
                        />
                      ))}
                    </ul>
                  </fieldset>
                </>
              )}
            </fieldset>

            <fieldset>
              <legend className="text-sm font-semibold text-ink-900">{texts.exportsHeading}</legend>
              <div className="mt-1.5 flex flex-wrap gap-x-4 gap-y-2">
                {exportPresets.map((preset) => (
                  <label key={preset.id} className="flex cursor-pointer items-center gap-2 text-sm text-ink-900">
                    <input
                      type="checkbox"
                      checked={presets.has(preset.id)}
                      onChange={(e) => setPresets((set) => toggle(set, preset.id, e.target.checked))}
                      className="size-4 accent-brand-600"
                    />
                    {preset.label}
                  </label>
                ))}
              </div>
            </fieldset>
          </fieldset>

          {save.error ? (
            <Alert tone="error" title={texts.saveFailed}>
              {userMessage(save.error, texts.saveFailed)}
            </Alert>
          ) : null}
          <div className="flex justify-end">
            <Button type="submit" loading={save.isPending} disabled={name.trim() === ''}>
              {!save.isPending && <Save className="size-4" aria-hidden="true" />}
              {save.isPending ? texts.saving : texts.saveConfirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
