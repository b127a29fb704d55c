import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False in the prerendered landing HTML and while the app hydrates it, true once the app runs
 * (at once when the app itself draws the page): what may wait for the app waits here.
 */
export function useAppStarted(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
