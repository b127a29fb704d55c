import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { ImageOff } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import type { KlipCard as KlipCardData } from '#contracts/klips.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { KlipCard } from './klip-card.tsx';
import { klipTexts, uiTexts } from '../../lib/texts.ts';

/**
 * The first card's picture is the page's largest on a phone (one column): it loads at once and
 * first. The rest load lazily; those in view still start as soon as the grid is laid out.
 */
export const EAGER_CARDS = 1;

/** One column on phones, then two, three and four. */
export function KlipGrid({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <div
      aria-busy={busy || undefined}
      className={`grid gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${busy ? 'opacity-60' : ''}`}
    >
      {children}
    </div>
  );
}

function SkeletonCard() {
  return (
    <Card className="overflow-hidden">
      <div className="aspect-square bg-ink-100" />
      <div className="space-y-3 p-4">
        <div className="h-4 rounded-md bg-ink-100" />
        <div className="h-4 w-2/3 rounded-md bg-ink-100" />
        <div className="flex gap-1.5">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-8 w-12 rounded-full bg-ink-100" />
          ))}
        </div>
      </div>
    </Card>
  );
}

export function KlipGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div role="status" aria-label={klipTexts.loading} className="animate-pulse">
      <KlipGrid>
        {Array.from({ length: count }, (_, i) => (
          <SkeletonCard key={i} />
        ))}
      </KlipGrid>
    </div>
  );
}

/**
 * A klip list's states: skeletons while the first page loads, 'Failed to load images. Please try
 * again.' with a retry, 'No klips found' (with `emptyAction`, e.g. clearing the filters or creating a
 * first klip), then the grid and 'Load More' while the server has more. `renderKlip` draws a
 * screen's own card (God Mode's, with its admin actions); by default the plain KlipCard.
 */
export function KlipResults<K extends KlipCardData>({
  query,
  showCreator = false,
  emptyTitle = klipTexts.noKlips,
  emptyHint,
  emptyAction,
  renderKlip,
}: {
  query: UseInfiniteQueryResult<InfiniteData<{ klips: K[]; nextCursor: string | null }>>;
  showCreator?: boolean;
  emptyTitle?: string;
  emptyHint?: string;
  emptyAction?: ReactNode;
  renderKlip?: (klip: K) => ReactNode;
}) {
  const klips = query.data?.pages.flatMap((page) => page.klips) ?? [];
  const count = query.isError || !query.data ? undefined : klips.length;

  let body: ReactNode;
  if (query.isError && !query.isFetchNextPageError) {
    body = (
      <div className="flex flex-col items-start gap-4">
        <Alert tone="error" title={klipTexts.loadFailed} className="w-full" />
        <Button variant="secondary" loading={query.isFetching} onClick={() => void query.refetch()}>
          {uiTexts.tryAgain}
        </Button>
      </div>
    );
  } else if (!query.data) {
    body = <KlipGridSkeleton />;
  } else if (klips.length === 0) {
    body = (
      <Card className="flex flex-col items-center px-6 py-12 text-center">
        <span aria-hidden="true" className="grid size-12 place-items-center rounded-2xl bg-ink-100 text-ink-500">
          <ImageOff className="size-6" />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-ink-900">{emptyTitle}</h2>
        {emptyHint && <p className="mt-1 max-w-sm text-sm text-ink-600">{emptyHint}</p>}
        {emptyAction && <div className="mt-5">{emptyAction}</div>}
      </Card>
    );
  } else {
    body = (
      <>
        <KlipGrid busy={query.isPlaceholderData}>
          {klips.map((klip, i) => (
            // Each card is its own hydration unit: React hydrates a server-rendered page card by card
            // and lets the browser answer in between, instead of one long task for the whole grid.
            <Suspense key={klip.id} fallback={null}>
              {renderKlip ? renderKlip(klip) : <KlipCard klip={klip} showCreator={showCreator} eager={i < EAGER_CARDS} />}
            </Suspense>
          ))}
        </KlipGrid>
        {query.isFetchNextPageError && <Alert tone="error" title={klipTexts.loadFailed} className="mt-4" />}
        {query.hasNextPage && (
          <div className="mt-6 flex justify-center">
            <Button variant="secondary" size="lg" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {klipTexts.loadMore}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <section aria-label={klipTexts.klips}>
      <div className="mb-3 flex h-5 items-center gap-2 text-sm text-ink-600">
        {/* Announces each new result; 'No klips found' is on screen as a heading already. */}
        <p role="status" className={count === 0 ? 'sr-only' : undefined}>
          {count === undefined ? '' : count === 0 ? emptyTitle : klipTexts.count(count, query.hasNextPage)}
        </p>
        {query.isPlaceholderData && <Spinner size="sm" />}
      </div>
      {body}
    </section>
  );
}
