import { useEffect, useState } from 'react';
import type { ContractBody } from '#contracts/contract.ts';
import { callApiBlob } from '../api-client.ts';
import { userMessage } from '../api-errors.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { previewAd } from '#contracts/routes.ts';

export type AdPreviewBody = ContractBody<typeof previewAd>;

/** How long the preview waits after the last change before asking the server. */
export const AD_PREVIEW_DELAY_MS = 400;

export interface AdPreview {
  /** An object URL of the last preview the server made (kept while the next one loads). */
  url: string | null;
  loading: boolean;
  error: string | null;
  retry: () => void;
}

/**
 * The server's WebP preview of an ad, asked for once the request has not changed for 400 ms; a newer
 * request aborts the one in flight, so at most one is ever open. Each image is shown through an object
 * URL, revoked when the next one arrives and when the dialog closes. `request` null: nothing to preview
 * (no size chosen, or a text the server would refuse), the last image stays.
 */
export function useAdPreview(klipId: string, request: AdPreviewBody | null, fallbackError: string): AdPreview {
  const key = request ? JSON.stringify(request) : null;
  const settledKey = useDebouncedValue(key, AD_PREVIEW_DELAY_MS);
  const [attempt, setAttempt] = useState(0);
  const requestKey = settledKey === null ? null : `${attempt}:${settledKey}`;
  const [url, setUrl] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ key: string; error: string | null } | null>(null);

  useEffect(() => {
    if (requestKey === null || settledKey === null) return undefined;
    const controller = new AbortController();
    const body = JSON.parse(settledKey) as AdPreviewBody;
    const load = async () => {
      try {
        const blob = await callApiBlob(previewAd, { params: { id: klipId }, body, signal: controller.signal });
        if (controller.signal.aborted) return;
        setUrl(URL.createObjectURL(blob));
        setAnswer({ key: requestKey, error: null });
      } catch (err) {
        if (controller.signal.aborted) return;
        setAnswer({ key: requestKey, error: userMessage(err, fallbackError) });
      }
    };
    void load();
    return () => controller.abort();
  }, [klipId, requestKey, settledKey, fallbackError]);

  // The previous image's URL is freed once the next one is shown, the last one when the dialog closes.
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);

  const answered = answer !== null && answer.key === requestKey;
  // Typing again shows the spinner at once, not only once the request leaves.
  const typing = key !== null && key !== settledKey;
  return {
    url,
    loading: typing || (requestKey !== null && !answered),
    error: answered && !typing ? answer.error : null,
    retry: () => setAttempt((n) => n + 1),
  };
}
