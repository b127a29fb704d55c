import { listBatches } from '#contracts/batches.ts';
import { useCursorPages } from '#web/lib/use-cursor-pages.ts';

/** GET /api/batches page by page, newest first. */
export function useMyBatches() {
  return useCursorPages(listBatches, {});
}
