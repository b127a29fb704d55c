import { useEffect } from 'react';
import { APP_READY_EVENT } from './app-ready-event.ts';

/** Placed beside the routes inside their Suspense boundary, so it commits with the first page. */
export function AnnounceAppReady(): null {
  useEffect(() => {
    window.dispatchEvent(new Event(APP_READY_EVENT));
  }, []);
  return null;
}
