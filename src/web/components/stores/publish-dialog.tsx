import { useId, useState, type RefObject } from 'react';
import type { StoreProduct } from '#contracts/stores.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { usePublishToStore } from './api/publish-to-store.ts';
import { KlipPublications } from './klip-publications.tsx';
import { ProductBrowser } from './product-browser.tsx';
import { storeComponentTexts as texts } from '#web/lib/texts.ts';

/** The dialog's body, mounted while open: each opening starts with no product chosen. */
function PublishForm({ workspaceId, klipId }: { workspaceId: string; klipId: string }) {
  const featuredId = useId();
  const [product, setProduct] = useState<StoreProduct | null>(null);
  const [featured, setFeatured] = useState(false);
  const publish = usePublishToStore(workspaceId);
  const selectedIds = new Set(product ? [product.id] : []);

  const submit = () => {
    if (!product) return;
    publish.mutate(
      { items: [{ klipId, productId: product.id }], featured },
      {
        onSuccess: () => {
          toast(texts.published, 'success');
          setProduct(null);
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <section className="flex flex-col gap-3" aria-label={texts.chooseProduct}>
        <h3 className="text-sm font-semibold text-ink-900">{texts.chooseProduct}</h3>
        <ProductBrowser
          workspaceId={workspaceId}
          selectedIds={selectedIds}
          onToggle={(picked) => setProduct(product?.id === picked.id ? null : picked)}
        />
      </section>
      <div className="sticky bottom-0 -mx-5 flex flex-col gap-3 border-y border-ink-100 bg-white px-5 py-3 sm:-mx-6 sm:px-6">
        <p className="text-sm text-ink-700" aria-live="polite">
          {product ? texts.chosenProduct(product.title) : texts.noProductChosen}
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-2">
            <input
              id={featuredId}
              type="checkbox"
              checked={featured}
              onChange={(e) => setFeatured(e.target.checked)}
              className="mt-0.5 size-4 rounded border-ink-300 accent-brand-600"
              aria-describedby={`${featuredId}-hint`}
            />
            <label htmlFor={featuredId} className="text-sm text-ink-800">
              <span className="font-medium">{texts.featured}</span>
              <span id={`${featuredId}-hint`} className="block text-xs text-ink-500">
                {texts.featuredHint}
              </span>
            </label>
          </div>
          <Button onClick={submit} disabled={!product} loading={publish.isPending}>
            {texts.publish}
          </Button>
        </div>
        {publish.error && (
          <Alert tone="error" title={texts.publishFailed}>
            {userMessage(publish.error)}
          </Alert>
        )}
      </div>
      <KlipPublications workspaceId={workspaceId} klipId={klipId} />
    </div>
  );
}

/**
 * 'Publish to store' for one image klip: choose the product, optionally as its featured image, and
 * follow each publication (queued, publishing, published, failed with Shopify's reason and 'Retry').
 */
export function PublishDialog({
  workspaceId,
  klipId,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  workspaceId: string;
  klipId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="lg"
        title={texts.publishToStore}
        description={texts.publishDescription}
        {...(returnFocusTo ? { returnFocusTo } : {})}
      >
        {open && <PublishForm workspaceId={workspaceId} klipId={klipId} />}
      </DialogContent>
    </Dialog>
  );
}
