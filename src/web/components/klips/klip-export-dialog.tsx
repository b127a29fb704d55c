import { Crop, Download, Shrink } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { exportFileName, exportKlipPath, exportPresets, UPSCALE_MAX_SIDE, type ExportFit, type ExportPreset } from '#contracts/exports.ts';
import type { KlipCard } from '#contracts/klips.ts';
import { downloadBaseName } from '../../lib/klips/download-name.ts';
import { RadioCard } from '../studio/radio-card.tsx';
import { buttonStyles } from '../ui/button.tsx';
import { Dialog, DialogContent } from '../ui/dialog.tsx';
import { exportTexts } from '../../lib/texts.ts';

const fits: ReadonlyArray<{ fit: ExportFit; title: string; detail: string; icon: ReactNode }> = [
  { fit: 'pad', title: exportTexts.fitPad, detail: exportTexts.fitPadHint, icon: <Shrink className="size-4" aria-hidden="true" /> },
  { fit: 'fill', title: exportTexts.fitFill, detail: exportTexts.fitFillHint, icon: <Crop className="size-4" aria-hidden="true" /> },
];

function sizeOf(preset: ExportPreset): string {
  return preset.kind === 'frame' ? exportTexts.size(preset.width, preset.height) : exportTexts.upscaleSize(UPSCALE_MAX_SIDE);
}

/**
 * The marketplace exports of an image klip: one download link per preset, in the chosen fit. The
 * server makes each file (free, cached); the browser saves it, so there is nothing to wait for here.
 */
export function KlipExportDialog({
  klip,
  open,
  onOpenChange,
}: {
  klip: Pick<KlipCard, 'id' | 'prompt'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [fit, setFit] = useState<ExportFit>('pad');
  const fitName = useId();
  const presetsId = useId();
  const name = downloadBaseName(klip.prompt);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={exportTexts.title} description={exportTexts.description}>
        <div className="flex flex-col gap-5">
          <fieldset>
            <legend className="text-sm font-semibold text-ink-900">{exportTexts.fit}</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {fits.map((option) => (
                <RadioCard
                  key={option.fit}
                  name={fitName}
                  checked={fit === option.fit}
                  onChange={() => setFit(option.fit)}
                  title={option.title}
                  detail={option.detail}
                  icon={option.icon}
                />
              ))}
            </div>
          </fieldset>
          <section aria-labelledby={presetsId}>
            <h3 id={presetsId} className="text-sm font-semibold text-ink-900">
              {exportTexts.presets}
            </h3>
            <ul className="mt-2 divide-y divide-ink-100 rounded-xl border border-ink-200">
              {exportPresets.map((preset) => (
                <li key={preset.id} className="flex items-center justify-between gap-3 px-3 py-2.5">
                  <span className="min-w-0">
                    <span className="block text-sm font-semibold text-ink-900">{preset.label}</span>
                    <span className="block text-xs text-ink-600">{sizeOf(preset)}</span>
                  </span>
                  <a
                    href={exportKlipPath(klip.id, preset.id, fit, name)}
                    download={exportFileName(name, preset.id)}
                    aria-label={exportTexts.download(preset.label)}
                    className={buttonStyles({ variant: 'secondary', size: 'sm', className: 'shrink-0' })}
                  >
                    <Download className="size-4" aria-hidden="true" />
                    <span aria-hidden="true">{exportTexts.fileType}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
          <p className="text-sm text-ink-600">{exportTexts.free}</p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
