import { X } from 'lucide-react';
import { useId } from 'react';
import { useDropzone, type FileError } from 'react-dropzone';
import { UPLOAD_ACCEPT, UPLOAD_MAX_BYTES, uploadMessages } from '#contracts/uploads.ts';
import { studioTexts, uploadTexts } from '../../lib/texts.ts';
import { Spinner } from '../ui/spinner.tsx';
import { DropZoneIcon, dropZoneClass } from './drop-zone-style.tsx';
import { cn } from '../../lib/cn.ts';
import type { UploadSlot } from '../../lib/uploads/use-upload-slot.ts';

/** The size message keeps its generic wording, 'File is larger than N bytes' (docs/product-rules.md#uploads). */
export function rejectionMessage(error: FileError): string {
  return error.code === 'file-too-large' ? uploadMessages.tooLarge : error.message;
}

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The upload box: drag & drop or click, one PNG/JPG/GIF up to 10 MB, preview thumbnail, file
 * name and remove button. The file is uploaded as soon as it is chosen (see useUploadSlot).
 */
export function UploadBox({ label, required = false, slot }: { label: string; required?: boolean; slot: UploadSlot }) {
  const labelId = useId();
  const zoneId = useId();
  const { getRootProps, getInputProps, isDragActive, isDragReject } = useDropzone({
    accept: UPLOAD_ACCEPT,
    maxSize: UPLOAD_MAX_BYTES,
    multiple: false,
    maxFiles: 1,
    getErrorMessage: rejectionMessage,
    onDrop: (accepted, rejected) => {
      const file = accepted[0];
      if (rejected.length > 0 || !file) {
        const message = rejected[0]?.errors[0]?.message;
        if (message) slot.reject(message);
        return;
      }
      slot.select(file);
    },
  });

  const status = (
    <>
      {slot.status === 'uploading' && (
        <span className="flex items-center gap-1.5 text-ink-600">
          <Spinner size="sm" /> {uploadTexts.uploading}
        </span>
      )}
      {slot.status === 'ready' && slot.upload && (
        <span className="text-green-700">{slot.note ?? uploadTexts.uploaded(slot.upload.width, slot.upload.height)}</span>
      )}
      {slot.status === 'error' && <span className="text-danger-700">{uploadTexts.notUploaded}</span>}
    </>
  );

  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <span id={labelId} className="text-sm font-medium text-ink-800">
          {label}
        </span>
        <span className={cn('text-xs font-medium', required ? 'text-brand-700' : 'text-ink-500')}>
          {required ? uploadTexts.required : uploadTexts.optional}
        </span>
      </div>
      {slot.name !== null ? (
        <div
          className={cn(
            'flex items-center gap-3 rounded-xl border bg-white p-2.5',
            slot.status === 'error' ? 'border-danger-200' : 'border-ink-200',
          )}
        >
          <div className="relative size-16 shrink-0 overflow-hidden rounded-lg bg-ink-100 ring-1 ring-ink-200">
            {slot.previewUrl && <img src={slot.previewUrl} alt={uploadTexts.preview(label)} className="size-full object-cover" />}
            {slot.status === 'uploading' && (
              <div className="absolute inset-0 grid place-items-center bg-white/60">
                <Spinner size="sm" label={uploadTexts.uploadingLabel(label)} />
              </div>
            )}
          </div>
          <div className="min-w-0 flex-1 text-xs">
            <p className="truncate text-sm font-medium text-ink-900" title={slot.name}>
              {slot.name}
            </p>
            {slot.bytes !== null && <p className="mt-0.5 text-ink-500">{formatSize(slot.bytes)}</p>}
            <p className="mt-0.5">{status}</p>
          </div>
          <button
            type="button"
            onClick={slot.clear}
            aria-label={uploadTexts.remove(label)}
            className="grid size-9 shrink-0 place-items-center rounded-lg text-ink-500 hover:bg-ink-100 hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <X className="size-[18px]" aria-hidden="true" />
          </button>
        </div>
      ) : (
        // The drop zone is a button named by the field's label and its own visible words (WCAG 2.5.3);
        // the file input sits beside it, not inside, so no control is nested in another.
        <div
          {...getRootProps({
            role: 'button',
            id: zoneId,
            'aria-labelledby': `${labelId} ${zoneId}`,
            className: dropZoneClass({ isDragActive, isDragReject }, 'cursor-pointer py-5'),
          })}
        >
          <DropZoneIcon active={isDragActive} />
          <span className="text-sm font-semibold text-ink-900">{isDragActive ? studioTexts.dropHere : studioTexts.dropHint}</span>
          <span className="text-xs text-ink-500">{uploadTexts.hint}</span>
        </div>
      )}
      {slot.name === null && <input {...getInputProps({ 'aria-label': uploadTexts.fileInput(label), className: 'absolute' })} />}
      {slot.error && (
        <p role="alert" className="text-xs font-medium text-danger-600">
          {slot.error}
        </p>
      )}
    </div>
  );
}
