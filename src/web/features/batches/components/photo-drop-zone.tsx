import { CloudUpload } from 'lucide-react';
import { useDropzone } from 'react-dropzone';
import { MAX_BATCH_ITEMS } from '../../../../contracts/batches.ts';
import { UPLOAD_ACCEPT, UPLOAD_HINT, UPLOAD_MAX_BYTES, uploadMessages } from '../../../../contracts/uploads.ts';
import { rejectionMessage } from '../../../components/studio/upload-box.tsx';
import { cn } from '../../../lib/cn.ts';
import type { ProductPhotos } from '../hooks/use-product-photos.ts';

export const DROP_PHOTOS = 'Drag & drop product photos or click to choose';

/** Takes many photos at once (click or drop); refused files show as tiles with their reason. */
export function PhotoDropZone({ photos, labelledBy }: { photos: ProductPhotos; labelledBy: string }) {
  const full = photos.count >= MAX_BATCH_ITEMS;
  const { getRootProps, getInputProps, isDragActive, isDragReject } = useDropzone({
    accept: UPLOAD_ACCEPT,
    maxSize: UPLOAD_MAX_BYTES,
    multiple: true,
    disabled: full,
    getErrorMessage: rejectionMessage,
    onDrop: (accepted, rejected) => {
      photos.add(accepted);
      for (const { file, errors } of rejected) photos.refuse(file, errors[0]?.message ?? uploadMessages.failed);
    },
  });

  return (
    <>
      <div
        {...getRootProps({
          role: 'button',
          id: `${labelledBy}-zone`,
          'aria-labelledby': `${labelledBy} ${labelledBy}-zone`,
          'aria-describedby': `${labelledBy}-hint`,
          'aria-disabled': full || undefined,
          className: cn(
            'group flex flex-col items-center justify-center gap-1.5 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
            full ? 'cursor-not-allowed opacity-60' : 'cursor-pointer',
            isDragActive && !isDragReject && 'border-brand-500 bg-brand-50',
            isDragReject && 'border-danger-600 bg-danger-50',
            !isDragActive && 'border-ink-300 bg-ink-50/60 hover:border-brand-400 hover:bg-brand-50/40',
          ),
        })}
      >
        <span
          aria-hidden="true"
          className={cn(
            'grid size-10 place-items-center rounded-full transition-colors',
            isDragActive ? 'bg-brand-600 text-white' : 'bg-white text-brand-600 ring-1 ring-ink-200 group-hover:ring-brand-300',
          )}
        >
          <CloudUpload className="size-5" />
        </span>
        <span className="text-sm font-semibold text-ink-900">{isDragActive ? 'Drop the photos here' : DROP_PHOTOS}</span>
        <span id={`${labelledBy}-hint`} className="text-xs text-ink-500">
          {UPLOAD_HINT} · up to {MAX_BATCH_ITEMS} photos
        </span>
      </div>
      <input {...getInputProps({ 'aria-label': 'Product photos files', className: 'absolute' })} />
    </>
  );
}
