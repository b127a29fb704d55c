import { useState } from 'react';
import { firstProductPhoto } from '#web/components/stores/product-thumbnail.tsx';
import { FromYourStoreButton, StoreProductPicker } from '#web/components/stores/store-product-picker.tsx';
import { useConnectedStore } from '#web/components/stores/use-connected-store.ts';
import type { UploadSlot } from '#web/lib/uploads/use-upload-slot.ts';
import { imageStudioTexts } from '../texts.ts';

/**
 * 'From your store' beside the product image (only with the plan and a connected store): the
 * picked product's first photo, already a Klipt upload, becomes the product image.
 */
export function StoreProductPhoto({ slot, disabled }: { slot: UploadSlot; disabled?: boolean }) {
  const store = useConnectedStore();
  const [open, setOpen] = useState(false);
  if (!store) return null;
  return (
    <>
      <FromYourStoreButton onClick={() => setOpen(true)} disabled={disabled} className="self-start" />
      <StoreProductPicker
        open={open}
        onOpenChange={setOpen}
        mode="single"
        onPick={(product) => {
          const photo = firstProductPhoto(product);
          if (!photo?.uploadId) return;
          slot.takeExisting({
            id: photo.uploadId,
            url: photo.thumbnailUrl ?? '',
            name: product.title,
            note: imageStudioTexts.fromYourStore,
          });
        }}
      />
    </>
  );
}
