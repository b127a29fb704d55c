import { ImageIcon } from 'lucide-react';
import type { StoreProduct } from '#contracts/stores.ts';
import { cn } from '#web/lib/cn.ts';

/** The first imported photo of a product (decorative: its title is next to it), or a placeholder. */
export function ProductThumbnail({ product, className }: { product: Pick<StoreProduct, 'images'>; className?: string }) {
  const url = product.images.find((image) => image.thumbnailUrl)?.thumbnailUrl;
  return (
    <div className={cn('relative overflow-hidden bg-ink-100', className)}>
      {url ? (
        <img src={url} alt="" loading="lazy" decoding="async" className="absolute inset-0 size-full object-cover" />
      ) : (
        <span className="grid size-full place-items-center text-ink-400" aria-hidden="true">
          <ImageIcon className="size-7" />
        </span>
      )}
    </div>
  );
}

/** The product photo Klipt copied from the store (what an editor or batch starts from), or null when there is none yet. */
export function firstProductPhoto(product: StoreProduct) {
  return product.images.find((image) => image.uploadId !== null) ?? null;
}
