import { ImageIcon, Store, X } from 'lucide-react';
import { useState } from 'react';
import { MAX_BATCH_ITEMS } from '#contracts/batches.ts';
import { FromYourStoreButton, StoreProductPicker } from '#web/components/stores/store-product-picker.tsx';
import { useConnectedStore } from '#web/components/stores/use-connected-store.ts';
import type { StoreItems } from '../hooks/use-store-items.ts';
import { batchesTexts } from '../texts.ts';

/**
 * 'From your store' (only with the plan and a connected store): products picked from the
 * catalogue become items of the batch, shown with their photo and title, each removable.
 */
export function StoreItemsSection({ store, otherItems }: { store: StoreItems; otherItems: number }) {
  const connected = useConnectedStore();
  const [picking, setPicking] = useState(false);
  if (!connected && store.items.length === 0) return null;
  const room = MAX_BATCH_ITEMS - otherItems - store.items.length;
  return (
    <div className="flex flex-col gap-3">
      {connected && (
        <div className="flex flex-wrap items-center gap-3">
          <FromYourStoreButton onClick={() => setPicking(true)} disabled={room <= 0} />
          <span className="text-xs text-ink-500">{batchesTexts.fromStoreHint}</span>
        </div>
      )}
      {store.items.length > 0 && (
        <ul aria-label={batchesTexts.storeProducts} className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
          {store.items.map((item) => (
            <li key={item.id} className="relative flex min-w-0 flex-col overflow-hidden rounded-xl border border-ink-200 bg-white">
              <div className="relative aspect-square bg-ink-100">
                {item.thumbnailUrl ? (
                  <img src={item.thumbnailUrl} alt={item.title} className="absolute inset-0 size-full object-cover" />
                ) : (
                  <span className="grid size-full place-items-center text-ink-400" aria-hidden="true">
                    <ImageIcon className="size-8" />
                  </span>
                )}
                <button
                  type="button"
                  onClick={() => store.remove(item.id)}
                  aria-label={batchesTexts.removeProduct(item.title)}
                  className="absolute top-1.5 right-1.5 grid size-8 place-items-center rounded-lg bg-white/90 text-ink-600 shadow-sm ring-1 ring-ink-200 hover:bg-white hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              </div>
              <div className="min-w-0 p-2 text-xs">
                <p className="truncate font-medium text-ink-900" title={item.title}>
                  {item.title}
                </p>
                <p className="mt-0.5 flex items-center gap-1 text-ink-500">
                  <Store className="size-3.5" aria-hidden="true" /> {batchesTexts.fromStore}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {connected && <StoreProductPicker open={picking} onOpenChange={setPicking} mode="multi" max={Math.max(room, 0)} onPick={store.add} />}
    </div>
  );
}
