import { useCallback, useEffect, useRef, useState } from 'react';
import type { Upload } from '#contracts/uploads.ts';
import { userMessage } from '../api-errors.ts';
import { uploadInputImage } from './create-upload.ts';
import { uploadTexts } from '../texts.ts';

export type UploadStatus = 'empty' | 'uploading' | 'ready' | 'error';

/** An upload the slot holds: one it made, or one Klipt already has (a store product's photo). */
export type SlotUpload = Pick<Upload, 'id' | 'url' | 'width' | 'height'>;

/** A photo Klipt already holds as an upload (e.g. copied from the connected store), with a name and where it came from to show. */
export interface ExistingUpload extends Pick<Upload, 'id' | 'url'> {
  name: string;
  note: string;
}

export interface UploadSlot {
  status: UploadStatus;
  file: File | null;
  /** What the box shows: the chosen file's name, or the existing upload's. */
  name: string | null;
  /** The chosen file's size (none for an existing upload). */
  bytes: number | null;
  /** Where an existing upload came from, shown instead of its size and dimensions. */
  note: string | null;
  /** A local preview of the chosen file, else the uploaded image. */
  previewUrl: string | null;
  upload: SlotUpload | null;
  error: string | null;
  /** Takes a chosen file and uploads it at once. */
  select: (file: File) => void;
  /** Takes an upload Klipt already holds: nothing is uploaded. */
  takeExisting: (upload: ExistingUpload) => void;
  /** Shows a rejection (react-dropzone's message) without uploading anything. */
  reject: (message: string) => void;
  clear: () => void;
}

interface SlotState {
  file: File | null;
  existing: { name: string; note: string } | null;
  localUrl: string | null;
  upload: SlotUpload | null;
  uploading: boolean;
  error: string | null;
}

const empty: SlotState = { file: null, existing: null, localUrl: null, upload: null, uploading: false, error: null };

function localPreview(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

/** One input image of the editor: chosen, uploaded to POST /api/uploads, previewed, removable. */
export function useUploadSlot(): UploadSlot {
  const [state, setState] = useState<SlotState>(empty);
  // Only the newest selection may land: a replaced or removed file's answer is ignored.
  const attempt = useRef(0);

  useEffect(() => {
    const url = state.localUrl;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [state.localUrl]);

  const select = useCallback((file: File) => {
    const id = ++attempt.current;
    setState({ ...empty, file, localUrl: localPreview(file), uploading: true });
    void (async () => {
      try {
        const upload = await uploadInputImage(file);
        if (attempt.current === id) setState((s) => ({ ...s, upload, uploading: false }));
      } catch (err) {
        if (attempt.current === id) setState((s) => ({ ...s, uploading: false, error: userMessage(err, uploadTexts.failed) }));
      }
    })();
  }, []);

  const takeExisting = useCallback(({ name, note, id, url }: ExistingUpload) => {
    attempt.current++;
    // Its dimensions are not known here (and not needed: the server reads the upload).
    setState({ ...empty, existing: { name, note }, upload: { id, url, width: 0, height: 0 } });
  }, []);

  const reject = useCallback((message: string) => {
    attempt.current++;
    setState({ ...empty, error: message });
  }, []);

  const clear = useCallback(() => {
    attempt.current++;
    setState(empty);
  }, []);

  const status: UploadStatus = state.uploading ? 'uploading' : state.upload ? 'ready' : state.error && state.file ? 'error' : 'empty';
  return {
    status,
    file: state.file,
    name: state.file?.name ?? state.existing?.name ?? null,
    bytes: state.file?.size ?? null,
    note: state.existing?.note ?? null,
    previewUrl: state.localUrl ?? state.upload?.url ?? null,
    upload: state.upload,
    error: state.error,
    select,
    takeExisting,
    reject,
    clear,
  };
}
