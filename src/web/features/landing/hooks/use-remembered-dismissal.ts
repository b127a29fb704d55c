import { useState } from 'react';

/**
 * Whether something was dismissed, remembered in localStorage under `key` so it stays dismissed
 * after a reload. Storage errors (private mode, blocked storage) only cost the memory.
 */
export function useRememberedDismissal(key: string): [dismissed: boolean, dismiss: () => void] {
  const [dismissed, setDismissed] = useState(() => {
    try {
      return localStorage.getItem(key) !== null;
    } catch {
      return false;
    }
  });
  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(key, '1');
    } catch {
      // Not remembered; the banner is still hidden for this visit.
    }
  };
  return [dismissed, dismiss];
}
