import type { BatchItem } from '#contracts/batches.ts';
import type { Publication } from '#contracts/stores.ts';
import { usePublications } from '#web/components/stores/api/list-publications.ts';
import { useConnectedStore } from '#web/components/stores/use-connected-store.ts';

/**
 * The store side of a batch whose items came from store products: the connected store's
 * workspace, and each item's publication onto its product (the newest), polled while any is on
 * its way. Nothing is asked for a batch without store products.
 */
export function useBatchPublications(batchId: string, items: readonly BatchItem[]) {
  const fromStore = items.some((item) => item.storeProduct !== null);
  const store = useConnectedStore(fromStore);
  const publications = usePublications(store?.workspaceId ?? '', { batchId }, store !== null);
  const list = publications.data?.publications ?? [];
  const publicationOf = (item: BatchItem): Publication | null =>
    (item.klip && item.storeProduct && list.find((p) => p.klipId === item.klip!.id && p.productId === item.storeProduct!.id)) || null;
  return { workspaceId: store?.workspaceId ?? null, fromStore, publicationOf };
}

export type BatchPublications = ReturnType<typeof useBatchPublications>;
