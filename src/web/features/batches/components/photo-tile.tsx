import { Check, ImageIcon, X } from 'lucide-react';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import type { ProductPhoto } from '../hooks/use-product-photos.ts';
import { batchesTexts } from '../texts.ts';

function PhotoState({ photo }: { photo: ProductPhoto }) {
  switch (photo.status) {
    case 'queued':
      return <span className="text-ink-500">{batchesTexts.waitingToUpload}</span>;
    case 'uploading':
      return (
        <span className="flex items-center gap-1.5 text-ink-600">
          <Spinner size="sm" /> {batchesTexts.uploading}
        </span>
      );
    case 'ready':
      return (
        <span className="flex items-center gap-1 text-green-700">
          <Check className="size-3.5" aria-hidden="true" strokeWidth={3} /> {batchesTexts.uploaded}
        </span>
      );
    default:
      return <span className="font-medium break-words text-danger-700">{photo.error}</span>;
  }
}

/** One product photo: its thumbnail, name, upload state or refusal, and a remove button. */
export function PhotoTile({ photo, onRemove }: { photo: ProductPhoto; onRemove: () => void }) {
  const name = photo.file.name;
  return (
    <li
      className={cn(
        'relative flex min-w-0 flex-col overflow-hidden rounded-xl border bg-white',
        photo.status === 'error' ? 'border-danger-200' : 'border-ink-200',
      )}
    >
      <div className="relative aspect-square bg-ink-100">
        {photo.previewUrl ? (
          <img src={photo.previewUrl} alt={name} className="absolute inset-0 size-full object-cover" />
        ) : (
          <span className="grid size-full place-items-center text-ink-400" aria-hidden="true">
            <ImageIcon className="size-8" />
          </span>
        )}
        {photo.status === 'uploading' && (
          <div className="absolute inset-0 grid place-items-center bg-white/60">
            <Spinner label={batchesTexts.uploadingPhoto(name)} />
          </div>
        )}
        <button
          type="button"
          onClick={onRemove}
          aria-label={batchesTexts.removePhoto(name)}
          className="absolute top-1.5 right-1.5 grid size-8 place-items-center rounded-lg bg-white/90 text-ink-600 shadow-sm ring-1 ring-ink-200 hover:bg-white hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <div className="min-w-0 p-2 text-xs">
        <p className="truncate font-medium text-ink-900" title={name}>
          {name}
        </p>
        <p className="mt-0.5">
          <PhotoState photo={photo} />
        </p>
      </div>
    </li>
  );
}
