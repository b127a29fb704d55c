/**
 * Sent on `window` once the app's first page has hydrated. Until then the boot script of a
 * prerendered page (scripts/prerender-pages.ts) keeps link and button clicks from React, which can
 * swallow a click it takes mid-hydration: a link click stays the browser's page load, and the last
 * button clicked is clicked again on this event.
 */
export const APP_READY_EVENT = 'klipt:app-ready';
