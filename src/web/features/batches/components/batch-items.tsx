import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { BatchItem } from '#contracts/batches.ts';
import { Button } from '#web/components/ui/button.tsx';
import { LoadError } from '#web/components/ui/load-error.tsx';
import type { BatchPublications } from '../hooks/use-batch-publications.ts';
import { BatchItemCard } from './batch-item-card.tsx';
import { batchesTexts } from '../texts.ts';

const grid = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5';

type ItemPages = UseInfiniteQueryResult<InfiniteData<{ items: BatchItem[]; nextCursor: string | null }>>;

/** The batch's photos page by page, with 'Load more'. */
export function BatchItems({ query, publications }: { query: ItemPages; publications: BatchPublications }) {
  if (query.isPending)
    return (
      <div role="status" aria-label={batchesTexts.loadingPhotos} className={grid}>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="aspect-square animate-pulse rounded-xl bg-ink-100" />
        ))}
      </div>
    );
  if (query.isError && !query.data) return <LoadError title={batchesTexts.photosLoadFailed} query={query} />;
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="flex flex-col items-center gap-5">
      <ul aria-label={batchesTexts.batchPhotos} className={`${grid} w-full`}>
        {items.map((item) => (
          <BatchItemCard
            key={item.id}
            item={item}
            store={
              publications.workspaceId ? { workspaceId: publications.workspaceId, publication: publications.publicationOf(item) } : null
            }
          />
        ))}
      </ul>
      {query.hasNextPage && (
        <Button variant="secondary" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
          {batchesTexts.loadMore}
        </Button>
      )}
    </div>
  );
}
