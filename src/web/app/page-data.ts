import type { QueryKey } from '@tanstack/react-query';

/** The id of the JSON block in which the server hands a prerendered page's API answers to the app (prerender.tsx). */
export const PAGE_DATA_ID = 'klipt-page-data';

/** One API answer the page was drawn from: its query key and the answer. */
export type PageQuery = readonly [key: QueryKey, data: unknown];

/** The answers a prerendered page was drawn from, read once (the JSON block is not a script the browser runs). */
export function readPageData(): PageQuery[] {
  const block = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ID);
  if (!block?.textContent) return [];
  block.remove();
  return JSON.parse(block.textContent) as PageQuery[];
}
