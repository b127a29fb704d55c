import { useEffect, useRef, useState } from 'react';
import { paths } from '../paths.ts';

/** 'Link copied!' shows this long (docs/product-rules.md#lists-and-timers). */
export const LINK_COPIED_MS = 2000;

/** The public address of a klip's share page. */
export function shareUrl(id: string): string {
  return `${window.location.origin}${paths.share(id)}`;
}

/** Copies the klip's share link; `copied` is true for 2 s after a copy. */
export function useCopyLink(id: string) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy(): Promise<boolean> {
    try {
      await navigator.clipboard.writeText(shareUrl(id));
    } catch {
      return false;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), LINK_COPIED_MS);
    return true;
  }

  return { copied, copy };
}
