import { useCallback, useEffect, useRef, useState } from 'react';
import type { Upload } from '#contracts/uploads.ts';
import { userMessage } from '../api-errors.ts';
import { uploadInputImage } from './create-upload.ts';
import { uploadTexts } from '../texts.ts';

export type UploadStatus = 'empty' | 'uploading' | 'ready' | 'error';

export interface UploadSlot {
  status: UploadStatus;
  file: File | null;
  /** A local preview of the chosen file, else the uploaded image. */
  previewUrl: string | null;
  upload: Upload | null;
  error: string | null;
  /** Takes a chosen file and uploads it at once. */
  select: (file: File) => void;
  /** Shows a rejection (react-dropzone's message) without uploading anything. */
  reject: (message: string) => void;
  clear: () => void;
}

interface SlotState {
  file: File | null;
  localUrl: string | null;
  upload: Upload | null;
  uploading: boolean;
  error: string | null;
}

const empty: SlotState = { file: null, localUrl: null, upload: null, uploading: false, error: null };

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
    setState({ file, localUrl: localPreview(file), upload: null, uploading: true, error: null });
    void (async () => {
      try {
        const upload = await uploadInputImage(file);
        if (attempt.current === id) setState((s) => ({ ...s, upload, uploading: false }));
      } catch (err) {
        if (attempt.current === id) setState((s) => ({ ...s, uploading: false, error: userMessage(err, uploadTexts.failed) }));
      }
    })();
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
    previewUrl: state.localUrl ?? state.upload?.url ?? null,
    upload: state.upload,
    error: state.error,
    select,
    reject,
    clear,
  };
}
