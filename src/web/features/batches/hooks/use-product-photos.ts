import { useCallback, useEffect, useRef, useState } from 'react';
import { batchMessages, MAX_BATCH_ITEMS } from '#contracts/batches.ts';
import type { Upload } from '#contracts/uploads.ts';
import { uploadFile } from '#web/lib/api-client.ts';
import { userMessage } from '#web/lib/api-errors.ts';
import { useLatestRef } from '#web/lib/use-latest-ref.ts';
import { uploadTexts } from '#web/lib/texts.ts';
import { createUpload } from '#contracts/routes.ts';

/** Uploads running at once: enough to keep the line busy without flooding the server with 50 requests. */
export const PARALLEL_UPLOADS = 3;

export type PhotoStatus = 'queued' | 'uploading' | 'ready' | 'error';

export interface ProductPhoto {
  key: string;
  file: File;
  /** A local preview of the chosen file, else the uploaded image. */
  previewUrl: string | null;
  status: PhotoStatus;
  upload: Upload | null;
  error: string | null;
}

let nextKey = 1;

function localPreview(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

function revoke(photo: ProductPhoto) {
  if (photo.previewUrl?.startsWith('blob:')) URL.revokeObjectURL(photo.previewUrl);
}

/** A photo that is or will be in the batch (refused ones stay on screen but do not count). */
const counts = (photo: ProductPhoto) => photo.status !== 'error';

/**
 * The batch's product photos in the order they were dropped: each uploaded through POST /api/uploads
 * on its own (at most PARALLEL_UPLOADS at once), each with its own state and error, removable, and no
 * more than MAX_BATCH_ITEMS of them.
 */
export function useProductPhotos(
  /** Items of the batch that are not photos (products picked from the store): they take room too. */
  reserved = 0,
) {
  const [photos, setPhotos] = useState<ProductPhoto[]>([]);
  const reservedRef = useLatestRef(reserved);
  const [limitError, setLimitError] = useState<string | null>(null);
  // Uploads under way by photo key, so a removed photo's request is aborted and none starts twice.
  const running = useRef(new Map<string, AbortController>());
  const latest = useLatestRef(photos);

  const update = useCallback((key: string, change: Partial<ProductPhoto>) => {
    setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));
  }, []);

  useEffect(() => {
    const free = PARALLEL_UPLOADS - running.current.size;
    if (free <= 0) return;
    for (const photo of photos.filter((p) => p.status === 'queued' && !running.current.has(p.key)).slice(0, free)) {
      const controller = new AbortController();
      running.current.set(photo.key, controller);
      update(photo.key, { status: 'uploading' });
      // Each answer frees a place: the update renders again, and this effect starts the next queued photo.
      void (async () => {
        try {
          const upload = await uploadFile(createUpload, photo.file, { signal: controller.signal });
          running.current.delete(photo.key);
          update(photo.key, { status: 'ready', upload });
        } catch (err) {
          running.current.delete(photo.key);
          if (!controller.signal.aborted) update(photo.key, { status: 'error', error: userMessage(err, uploadTexts.failed) });
        }
      })();
    }
  }, [photos, update]);

  useEffect(() => {
    const uploads = running.current;
    const shown = latest;
    return () => {
      for (const controller of uploads.values()) controller.abort();
      for (const photo of shown.current) revoke(photo);
    };
  }, [latest]);

  /** Queues accepted files for upload; past MAX_BATCH_ITEMS the rest are refused with one message. */
  const add = useCallback(
    (files: readonly File[]) => {
      const room = MAX_BATCH_ITEMS - reservedRef.current - latest.current.filter(counts).length;
      const taken = files.slice(0, Math.max(0, room));
      setLimitError(files.length > taken.length ? batchMessages.tooManyItems : null);
      if (taken.length === 0) return;
      const added = taken.map((file): ProductPhoto => ({
        key: `photo-${nextKey++}`,
        file,
        previewUrl: localPreview(file),
        status: 'queued',
        upload: null,
        error: null,
      }));
      setPhotos((list) => [...list, ...added]);
    },
    [latest, reservedRef],
  );

  /** Shows a file the drop zone refused (type, size) with its reason; nothing is uploaded. */
  const refuse = useCallback((file: File, message: string) => {
    setPhotos((list) => [...list, { key: `photo-${nextKey++}`, file, previewUrl: null, status: 'error', upload: null, error: message }]);
  }, []);

  const remove = useCallback(
    (key: string) => {
      running.current.get(key)?.abort();
      running.current.delete(key);
      const photo = latest.current.find((p) => p.key === key);
      if (photo) revoke(photo);
      setLimitError(null);
      setPhotos((list) => list.filter((p) => p.key !== key));
    },
    [latest],
  );

  return {
    photos,
    /** Photos in the batch or on their way (refused ones left out). */
    count: photos.filter(counts).length,
    /** Items of the batch so far: these photos and the reserved ones. */
    total: photos.filter(counts).length + reserved,
    uploadIds: photos.flatMap((p) => (p.status === 'ready' && p.upload ? [p.upload.id] : [])),
    uploading: photos.some((p) => p.status === 'queued' || p.status === 'uploading'),
    limitError,
    add,
    refuse,
    remove,
  };
}

export type ProductPhotos = ReturnType<typeof useProductPhotos>;
