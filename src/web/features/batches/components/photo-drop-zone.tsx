import { useDropzone } from 'react-dropzone';
import { MAX_BATCH_ITEMS } from '#contracts/batches.ts';
import { UPLOAD_ACCEPT, UPLOAD_MAX_BYTES } from '#contracts/uploads.ts';
import { DropZoneIcon, dropZoneClass } from '#web/components/studio/drop-zone-style.tsx';
import { rejectionMessage } from '#web/components/studio/upload-box.tsx';
import { uploadTexts } from '#web/lib/texts.ts';
import type { ProductPhotos } from '../hooks/use-product-photos.ts';
import { batchesTexts } from '../texts.ts';

/** Takes many photos at once (click or drop); refused files show as tiles with their reason. */
export function PhotoDropZone({ photos, labelledBy }: { photos: ProductPhotos; labelledBy: string }) {
  const full = photos.total >= MAX_BATCH_ITEMS;
  const { getRootProps, getInputProps, isDragActive, isDragReject } = useDropzone({
    accept: UPLOAD_ACCEPT,
    maxSize: UPLOAD_MAX_BYTES,
    multiple: true,
    disabled: full,
    getErrorMessage: rejectionMessage,
    onDrop: (accepted, rejected) => {
      photos.add(accepted);
      for (const { file, errors } of rejected) photos.refuse(file, errors[0]?.message ?? uploadTexts.failed);
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
          className: dropZoneClass({ isDragActive, isDragReject }, 'py-6', full ? 'cursor-not-allowed opacity-60' : 'cursor-pointer'),
        })}
      >
        <DropZoneIcon active={isDragActive} />
        <span className="text-sm font-semibold text-ink-900">{isDragActive ? batchesTexts.dropPhotosHere : batchesTexts.dropPhotos}</span>
        <span id={`${labelledBy}-hint`} className="text-xs text-ink-500">
          {batchesTexts.photoLimit(uploadTexts.hint, MAX_BATCH_ITEMS)}
        </span>
      </div>
      <input {...getInputProps({ 'aria-label': batchesTexts.photoFiles, className: 'absolute' })} />
    </>
  );
}
