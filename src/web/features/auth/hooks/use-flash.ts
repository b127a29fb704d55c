import { useCallback, useEffect, useRef, useState } from 'react';

export interface Notice {
  tone: 'success' | 'error' | 'info';
  text: string;
}

/** A notice that can hide itself after a while (e.g. the reset-email banner, 5 s). */
export function useFlash(): { notice: Notice | null; show: (notice: Notice | null, durationMs?: number) => void } {
  const [notice, setNotice] = useState<Notice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback((next: Notice | null, durationMs?: number) => {
    clearTimeout(timer.current);
    setNotice(next);
    if (next && durationMs !== undefined) timer.current = setTimeout(() => setNotice(null), durationMs);
  }, []);

  return { notice, show };
}
