import { Store } from 'lucide-react';
import { useState } from 'react';
import { STORE_PICK_MAX, type StoreProduct } from '#contracts/stores.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { PickerEmpty, ProductBrowser } from './product-browser.tsx';
import { storeComponentTexts as texts } from '#web/lib/texts.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useStoreConnection } from './use-connected-store.ts';

type PickerMode =
  /** The image editor: one product, its first photo. */
  | { mode: 'single'; onPick: (product: StoreProduct) => void }
  /** A batch: several products, at most `max` (the batch's room left, up to STORE_PICK_MAX). */
  | { mode: 'multi'; max?: number; onPick: (products: StoreProduct[]) => void };

/** The picker's body: the catalogue, the selection and its confirm button. Mounted only while open, so each opening starts empty. */
function PickerBody({ workspaceId, pick, onDone }: { workspaceId: string; pick: PickerMode; onDone: () => void }) {
  const [selected, setSelected] = useState<StoreProduct[]>([]);
  const [limitHit, setLimitHit] = useState(false);
  const max = pick.mode === 'multi' ? Math.min(pick.max ?? STORE_PICK_MAX, STORE_PICK_MAX) : 1;
  const selectedIds = new Set(selected.map((p) => p.id));

  const toggle = (product: StoreProduct) => {
    setLimitHit(false);
    if (selectedIds.has(product.id)) return setSelected(selected.filter((p) => p.id !== product.id));
    if (pick.mode === 'single') return setSelected([product]);
    if (selected.length >= max) return setLimitHit(true);
    setSelected([...selected, product]);
  };

  const confirm = () => {
    if (selected.length === 0) return;
    if (pick.mode === 'single') pick.onPick(selected[0]!);
    else pick.onPick(selected);
    onDone();
  };

  return (
    <div className="flex flex-col gap-4">
      <ProductBrowser workspaceId={workspaceId} selectedIds={selectedIds} onToggle={toggle} />
      {limitHit && <Alert tone="error">{texts.tooManyProducts}</Alert>}
      <div className="sticky bottom-0 -mx-5 -mb-5 flex flex-col-reverse gap-2 border-t border-ink-100 bg-white px-5 py-3 sm:-mx-6 sm:flex-row sm:items-center sm:px-6">
        {pick.mode === 'multi' && (
          <p className="text-sm text-ink-600 tabular-nums sm:mr-auto" aria-live="polite">
            {texts.selectedCount(selected.length, max)}
          </p>
        )}
        <DialogClose asChild>
          <Button variant="secondary" className={pick.mode === 'single' ? 'sm:ml-auto' : undefined}>
            {texts.cancel}
          </Button>
        </DialogClose>
        <Button onClick={confirm} disabled={selected.length === 0}>
          {pick.mode === 'single' ? texts.pickProduct : texts.addProducts(selected.length)}
        </Button>
      </div>
    </div>
  );
}

/**
 * 'From your store': a dialog with the connected store's catalogue, searchable, with thumbnails;
 * one product for the image editor, several (up to 50) for a batch. Without a connected store it
 * says so and leads to /store.
 */
export function StoreProductPicker({ open, onOpenChange, ...pick }: PickerMode & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { store, pending } = useStoreConnection();
  const max = pick.mode === 'multi' ? Math.min(pick.max ?? STORE_PICK_MAX, STORE_PICK_MAX) : 1;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="lg"
        title={pick.mode === 'single' ? texts.pickerSingleTitle : texts.pickerMultiTitle}
        description={store ? (pick.mode === 'single' ? texts.pickerSingleDescription : texts.pickerMultiDescription(max)) : undefined}
      >
        {store ? (
          open && <PickerBody workspaceId={store.workspaceId} pick={pick} onDone={() => onOpenChange(false)} />
        ) : pending ? (
          <div className="grid min-h-40 place-items-center">
            <Spinner size="lg" label={texts.loading} />
          </div>
        ) : (
          <PickerEmpty title={texts.noStoreTitle} body={texts.noStoreBody} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The 'From your store' button that opens the picker. */
export function FromYourStoreButton(props: Omit<ButtonProps, 'children'>) {
  return (
    <Button variant="secondary" size="sm" {...props}>
      <Store className="size-4" aria-hidden="true" />
      {texts.fromYourStore}
    </Button>
  );
}
