import { klipTexts } from '#web/lib/texts.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { userMessage } from '#web/lib/api-errors.ts';

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
