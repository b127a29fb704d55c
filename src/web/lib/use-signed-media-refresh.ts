import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** Local (`/files?…&signature=`) and S3 (`X-Amz-Signature=`) signed URLs of private files. */
export function isSignedMediaUrl(url: string | undefined | null): boolean {
  return !!url && /[?&](signature|X-Amz-Signature)=/.test(url);
}

/** At most one refresh in this window, whatever the number of broken pictures on the page. */
const REFRESH_WINDOW_MS = 30_000;
let lastRefresh = 0;

/**
 * A private file's URL is signed and expires (docs/operations.md#media-files): a page left open
 * longer than that shows pictures whose URLs no longer work. When one fails to load, the lists and
 * klips on screen are asked for again, which hands out fresh URLs.
 */
export function useSignedMediaRefresh(): (event: { currentTarget: HTMLImageElement | HTMLVideoElement }) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (event) => {
      const element = event.currentTarget;
      const url =
        element instanceof HTMLVideoElement ? element.currentSrc || element.src || element.poster : element.currentSrc || element.src;
      if (!isSignedMediaUrl(url) || Date.now() - lastRefresh < REFRESH_WINDOW_MS) return;
      lastRefresh = Date.now();
      void queryClient.invalidateQueries({ type: 'active' });
    },
    [queryClient],
  );
}
