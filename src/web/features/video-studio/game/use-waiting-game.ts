import { useCallback, useEffect, useRef, useState } from 'react';
import { useLatestRef } from '#web/lib/use-latest-ref.ts';

/** How long a generation runs before the waiting game opens (docs/product-rules.md#video). */
export const GAME_OPEN_DELAY_MS = 1_500;

/**
 * When the 'Loading Game' shows: `started()` opens it GAME_OPEN_DELAY_MS later if the generation
 * still runs, so a quick local render never flashes it open and shut; once open it stays, also
 * after the video is ready, until the player closes it. `play()` opens it at once.
 */
export function useWaitingGame(generating: boolean) {
  const [open, setOpen] = useState(false);
  const generatingRef = useLatestRef(generating);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const started = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (generatingRef.current) setOpen(true);
    }, GAME_OPEN_DELAY_MS);
  }, [generatingRef]);

  const play = useCallback(() => setOpen(true), []);

  const onOpenChange = useCallback((next: boolean) => {
    clearTimeout(timer.current);
    setOpen(next);
  }, []);

  return { open, started, play, onOpenChange };
}
