import { useState, useSyncExternalStore } from 'react';

// Another tab's dismissal arrives as a storage event.
function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

function isRemembered(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

/**
 * Whether something was dismissed, remembered in localStorage under `key` so it stays dismissed
 * after a reload. The prerendered landing HTML shows it (the server cannot read localStorage), and
 * hydration hides it again for a visitor who dismissed it. Storage errors only cost the memory.
 */
export function useRememberedDismissal(key: string): [dismissed: boolean, dismiss: () => void] {
  const remembered = useSyncExternalStore(
    subscribe,
    () => isRemembered(key),
    () => false,
  );
  const [dismissedNow, setDismissedNow] = useState(false);
  const dismiss = () => {
    setDismissedNow(true);
    try {
      localStorage.setItem(key, '1');
    } catch {
      // Not remembered; the banner is still hidden for this visit.
    }
  };
  return [remembered || dismissedNow, dismiss];
}
