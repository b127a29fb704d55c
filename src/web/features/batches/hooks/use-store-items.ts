import { useCallback, useState } from 'react';
import type { StoreProduct } from '#contracts/stores.ts';

/** A product picked from the connected store: the batch starts an item from its first photo. */
export interface StoreItem {
  id: string;
  title: string;
  thumbnailUrl: string | null;
}

/** The products picked for the batch, in the order picked; a product is in it once. */
export function useStoreItems() {
  const [items, setItems] = useState<StoreItem[]>([]);
  const add = useCallback((products: readonly StoreProduct[]) => {
    setItems((list) => {
      const known = new Set(list.map((item) => item.id));
      const added = products
        .filter((p) => !known.has(p.id))
        .map((p) => ({ id: p.id, title: p.title, thumbnailUrl: p.images.find((image) => image.thumbnailUrl)?.thumbnailUrl ?? null }));
      return [...list, ...added];
    });
  }, []);
  const remove = useCallback((id: string) => setItems((list) => list.filter((item) => item.id !== id)), []);
  return { items, ids: items.map((item) => item.id), add, remove };
}

export type StoreItems = ReturnType<typeof useStoreItems>;
