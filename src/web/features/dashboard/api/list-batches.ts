import { useCursorPages } from '#web/lib/use-cursor-pages.ts';
import { listBatches } from '#contracts/routes.ts';

/** GET /api/batches page by page, newest first. */
export function useMyBatches() {
  return useCursorPages(listBatches, {});
}
