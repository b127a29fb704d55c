import { ExternalLink, ImageIcon } from 'lucide-react';
import { batchMessages, type BatchItem } from '#contracts/batches.ts';
import type { Publication } from '#contracts/stores.ts';
import { BatchItemStatusBadge } from '#web/components/batches/batch-status.tsx';
import { PublicationState } from '#web/components/stores/publication-status.tsx';
import { PublishItemButton } from '#web/components/stores/publish-item-button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useSignedMediaRefresh } from '#web/lib/use-signed-media-refresh.ts';
import { ProgressBar } from './progress-bar.tsx';
import { batchesTexts } from '../texts.ts';

/**
 * One photo of the batch: the product photo until its klip is done, its state, progress or reason;
 * for an item from a store product, the product and where its image stands in the store.
 */
export function BatchItemCard({
  item,
  store,
}: {
  item: BatchItem;
  store: { workspaceId: string; publication: Publication | null } | null;
}) {
  const onMediaError = useSignedMediaRefresh();
  const done = item.status === 'succeeded' && item.klip !== null;
  const picture = done ? (item.klip?.thumbnailUrl ?? item.klip?.imageUrl) : item.productUrl;
  const active = item.status === 'queued' || item.status === 'running';
  return (
    <li className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-ink-200 bg-white shadow-[var(--shadow-card)]">
      <div className="relative aspect-square bg-ink-100">
        {picture ? (
          <img
            src={picture}
            alt={done ? batchesTexts.generatedAlt(item.fileName) : item.fileName}
            loading="lazy"
            decoding="async"
            className="absolute inset-0 size-full object-cover"
            onError={onMediaError}
          />
        ) : (
          <span className="grid size-full place-items-center text-ink-400" aria-hidden="true">
            <ImageIcon className="size-8" />
          </span>
        )}
        {active && (
          <div className="absolute inset-0 grid place-items-center bg-white/50">
            <Spinner />
          </div>
        )}
        <BatchItemStatusBadge status={item.status} className="absolute top-2 left-2 shadow-sm" />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5 p-2.5 text-xs">
        <p className="truncate text-sm font-medium text-ink-900" title={item.fileName}>
          {item.fileName}
        </p>
        {active && <ProgressBar label={batchesTexts.itemProgress(item.fileName)} percent={item.progress} className="h-1.5" />}
        {item.status === 'failed' && (
          <p className="font-medium break-words text-danger-700">{item.error?.message ?? batchesTexts.itemFailed}</p>
        )}
        {item.storeProduct && (
          <p className="truncate text-ink-600" title={item.storeProduct.title} data-testid="item-product">
            {batchesTexts.storeProductOf(item.storeProduct.title)}
          </p>
        )}
        {item.storeProduct && store && done && (
          <div data-testid="item-publication">
            {store.publication ? (
              <PublicationState workspaceId={store.workspaceId} publication={store.publication} />
            ) : (
              <div className="flex flex-col gap-1">
                <p className="text-ink-500">{batchesTexts.notPublished}</p>
                <PublishItemButton workspaceId={store.workspaceId} klipId={item.klip!.id} product={item.storeProduct} />
              </div>
            )}
          </div>
        )}
        {item.status === 'cancelled' && <p className="text-ink-500">{batchMessages.cancelledItem}</p>}
        {item.status === 'waiting' && <p className="text-ink-500">{batchesTexts.waitingForTurn}</p>}
        {done && item.klip && (
          <a
            href={item.klip.imageUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 self-start rounded font-semibold text-brand-700 hover:text-brand-800 hover:underline"
          >
            {batchesTexts.fullSize} <ExternalLink className="size-3.5" aria-hidden="true" />
            <span className="sr-only">{batchesTexts.fullSizeOf(item.fileName)}</span>
          </a>
        )}
      </div>
    </li>
  );
}
