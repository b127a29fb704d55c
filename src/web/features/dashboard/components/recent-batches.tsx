import { ImageIcon, Layers } from 'lucide-react';
import { Link } from 'react-router';
import type { Batch } from '#contracts/batches.ts';
import { BatchStatusBadge, batchDoneText } from '#web/components/batches/batch-status.tsx';
import { Button, buttonStyles } from '#web/components/ui/button.tsx';
import { LoadError } from '#web/components/ui/load-error.tsx';
import { formatDate } from '#web/lib/format-date.ts';
import { paths } from '#web/lib/paths.ts';
import { useSignedMediaRefresh } from '#web/lib/use-signed-media-refresh.ts';
import { useMyBatches } from '../api/list-batches.ts';
import { dashboardTexts } from '../texts.ts';
import { batchTexts } from '#web/lib/texts.ts';

const grid = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3';

function BatchRow({ batch }: { batch: Batch }) {
  const onMediaError = useSignedMediaRefresh();
  return (
    <li>
      <Link
        to={paths.batch(batch.id)}
        className="group flex items-center gap-3 rounded-[var(--radius-card)] border border-ink-200 bg-white p-3 shadow-[var(--shadow-card)] transition-shadow hover:shadow-[var(--shadow-pop)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <span className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-lg bg-ink-100 text-ink-400 ring-1 ring-ink-200">
          {batch.coverUrl ? (
            <img src={batch.coverUrl} alt="" loading="lazy" className="size-full object-cover" onError={onMediaError} />
          ) : (
            <ImageIcon className="size-6" aria-hidden="true" />
          )}
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex items-center justify-between gap-2">
            <span className="truncate font-semibold text-ink-900">{batch.name}</span>
            <BatchStatusBadge status={batch.status} className="shrink-0" />
          </span>
          <span className="text-sm text-ink-600 tabular-nums">{batchDoneText(batch.counts)}</span>
          <span className="text-xs text-ink-500">{formatDate(batch.createdAt)}</span>
        </span>
      </Link>
    </li>
  );
}

type BatchesQuery = ReturnType<typeof useMyBatches>;

/** Loaded, and the user has made no batch yet. */
const hasNoBatches = (batches: BatchesQuery) => batches.isSuccess && batches.data.pages.every((page) => page.batches.length === 0);

/**
 * The user's batches, newest first, each linking to its page; 'Load more' pages on. Nothing while
 * the user has none: `NoBatchesYet` says so in one line below their klips, so an empty block never
 * pushes a new user's klips below the fold.
 */
export function RecentBatches() {
  const batches = useMyBatches();
  const list = batches.data?.pages.flatMap((page) => page.batches) ?? [];
  if (hasNoBatches(batches)) return null;
  let body;
  if (batches.isPending)
    body = (
      <div role="status" aria-label={dashboardTexts.loadingBatches} className={grid}>
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-[90px] animate-pulse rounded-[var(--radius-card)] bg-ink-100" />
        ))}
      </div>
    );
  else if (batches.isError && !batches.data) body = <LoadError title={dashboardTexts.batchesLoadFailed} query={batches} />;
  else
    body = (
      <div className="flex flex-col items-center gap-4">
        <ul className={`${grid} w-full`}>
          {list.map((batch) => (
            <BatchRow key={batch.id} batch={batch} />
          ))}
        </ul>
        {batches.hasNextPage && (
          <Button variant="secondary" onClick={() => void batches.fetchNextPage()} loading={batches.isFetchingNextPage}>
            {dashboardTexts.loadMore}
          </Button>
        )}
      </div>
    );
  return (
    <section aria-labelledby="batches-heading" className="mt-10">
      <h2 id="batches-heading" className="text-xl font-bold tracking-tight text-ink-900">
        {batchTexts.batchesHeading}
      </h2>
      <div className="mt-4">{body}</div>
    </section>
  );
}

/** For a user without batches: one line, placed after their klips, inviting to a first batch. */
export function NoBatchesYet() {
  const batches = useMyBatches();
  if (!hasNoBatches(batches)) return null;
  return (
    <section
      aria-labelledby="batches-heading"
      className="mt-10 flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-ink-200 pt-5 text-sm text-ink-600"
    >
      <h2 id="batches-heading" className="text-base font-semibold text-ink-900">
        {batchTexts.batchesHeading}
      </h2>
      <p>{batchTexts.noBatches}</p>
      <Link to={paths.createBatch} className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
        <Layers className="size-4" aria-hidden="true" />
        {batchTexts.title}
      </Link>
    </section>
  );
}
