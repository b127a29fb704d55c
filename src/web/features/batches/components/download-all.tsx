import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { batchMessages } from '#contracts/batches.ts';
import { exportPresetIds, exportPresets, type ExportPresetId } from '#contracts/exports.ts';
import { Button, buttonStyles } from '#web/components/ui/button.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { batchDownloadHref } from '../lib/download-href.ts';
import { batchesTexts } from '../texts.ts';

const ORIGINAL = 'original';
const formatOptions = [
  { value: ORIGINAL, label: batchesTexts.originalFiles },
  ...exportPresets.map((p) => ({ value: p.id, label: p.label })),
];

const presetOf = (value: string): ExportPresetId | null =>
  (exportPresetIds as readonly string[]).includes(value) ? (value as ExportPresetId) : null;

/** 'Download all' as a ZIP of the finished images: the original files or exported to a marketplace preset. */
export function DownloadAll({ batchId, succeeded }: { batchId: string; succeeded: number }) {
  const [format, setFormat] = useState(ORIGINAL);
  const selectId = useId();
  return (
    <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center">
      <label htmlFor={selectId} className="sr-only">
        {batchesTexts.downloadFormat}
      </label>
      <Select id={selectId} options={formatOptions} value={format} onChange={(e) => setFormat(e.target.value)} className="sm:w-56" />
      {succeeded > 0 ? (
        <a href={batchDownloadHref(batchId, presetOf(format))} download className={buttonStyles({ variant: 'secondary' })}>
          <Download className="size-4" aria-hidden="true" />
          {batchesTexts.downloadAll}
        </a>
      ) : (
        <Button variant="secondary" disabled title={batchMessages.nothingToDownload}>
          <Download className="size-4" aria-hidden="true" />
          {batchesTexts.downloadAll}
        </Button>
      )}
    </div>
  );
}
