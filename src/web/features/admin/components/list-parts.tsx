import type { ReactNode } from 'react';
import { klipTexts } from '#web/lib/texts.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadError } from '#web/components/ui/load-error.tsx';
import { SearchBox } from '#web/components/ui/search-box.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { cn } from '#web/lib/cn.ts';

/** Grey rows while a list's first page loads (hidden from screen readers, which hear the status line). */
export function RowsSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <ul aria-hidden="true" className="divide-y divide-ink-100">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="flex items-center gap-4 px-4 py-4 sm:px-6">
          <div className="size-5 shrink-0 animate-pulse rounded bg-ink-100" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-4 w-2/5 animate-pulse rounded bg-ink-100" />
            <div className="h-3 w-3/5 animate-pulse rounded bg-ink-100" />
          </div>
          <div className="hidden h-4 w-24 animate-pulse rounded bg-ink-100 sm:block" />
        </li>
      ))}
    </ul>
  );
}

/** Below a keyset-paged list: why the next page failed, and 'Load More' while the server has more. */
export function LoadMoreFooter({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; isFetchNextPageError: boolean; error: unknown; fetchNextPage: () => unknown };
}) {
  return (
    <>
      {query.isFetchNextPageError && (
        <Alert tone="error" className="m-4">
          {userMessage(query.error)}
        </Alert>
      )}
      {query.hasNextPage && (
        <div className="border-t border-ink-100 p-4 text-center">
          <Button variant="secondary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {klipTexts.loadMore}
          </Button>
        </div>
      )}
    </>
  );
}

type PagedQuery = Parameters<typeof LoadMoreFooter>[0]['query'] &
  Parameters<typeof LoadError>[0]['query'] & { data: unknown; isError: boolean; isPending: boolean; isPlaceholderData: boolean };

/** Column heads above a list's rows, shown where the rows are laid out as a grid (from `md` or from `lg` up). */
export function ColumnHeads({ columns, from, children }: { columns: string; from: 'md' | 'lg'; children: ReactNode }) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        'hidden gap-x-4 border-b border-ink-100 px-6 py-3 text-xs font-semibold tracking-wide text-ink-500 uppercase',
        from === 'md' ? 'md:grid' : 'lg:grid',
        columns,
      )}
    >
      {children}
    </div>
  );
}

/** How many rows a list shows (nothing while loading or empty), with a spinner while a search or filter reloads it. */
export function ListStatus({ query, countText, loadingLabel }: { query: PagedQuery; countText: string; loadingLabel: string }) {
  return (
    <div className="flex h-5 items-center gap-2 text-sm text-ink-600">
      <p role="status">{countText}</p>
      {(query.isPlaceholderData || (query.isPending && !query.isError)) && <Spinner size="sm" label={loadingLabel} />}
    </div>
  );
}

/** The number of rows loaded, or undefined while the list has none to count (loading or failed). */
export function loadedCount(query: PagedQuery, rows: readonly unknown[]): number | undefined {
  return query.isError || !query.data ? undefined : rows.length;
}

/**
 * A keyset-paged God Mode list in its card: why it failed to load, grey rows while it loads, the empty text, or its
 * heads (`head`) and rows (`children`, one `<li>` each) with Load More below.
 */
export function PagedList({
  query,
  rowCount,
  texts,
  head,
  children,
}: {
  query: PagedQuery;
  rowCount: number;
  texts: { loadFailed: string; empty: string; listLabel: string };
  head: ReactNode;
  children: ReactNode;
}) {
  let body;
  if (query.isError && !query.isFetchNextPageError) {
    body = <LoadError title={texts.loadFailed} query={query} className="p-4 sm:p-6" />;
  } else if (!query.data) {
    body = <RowsSkeleton />;
  } else if (rowCount === 0) {
    body = <p className="px-6 py-12 text-center text-ink-600">{texts.empty}</p>;
  } else {
    body = (
      <>
        {head}
        <ul
          aria-label={texts.listLabel}
          // Rows of the previous search stay, dimmed, until the new ones arrive.
          aria-busy={query.isPlaceholderData || undefined}
          className={cn('divide-y divide-ink-100 transition-opacity', query.isPlaceholderData && 'opacity-60')}
        >
          {children}
        </ul>
        <LoadMoreFooter query={query} />
      </>
    );
  }
  return <Card className="overflow-hidden">{body}</Card>;
}

/** The search box above a God Mode list; Escape or × clears it. */
export function ListSearch({
  value,
  onChange,
  texts,
}: {
  value: string;
  onChange: (text: string) => void;
  texts: { searchLabel: string; searchPlaceholder: string; clearSearch: string };
}) {
  return (
    <form role="search" aria-label={texts.searchLabel} onSubmit={(e) => e.preventDefault()}>
      <SearchBox
        value={value}
        onChange={onChange}
        label={texts.searchLabel}
        placeholder={texts.searchPlaceholder}
        clearLabel={texts.clearSearch}
      />
    </form>
  );
}
