import { uiTexts } from '#web/lib/texts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';

/** A card's own failure: one line saying what is unavailable and a way to try again; the rest of the page stays. */
export function SectionError({
  message,
  query,
  className,
}: {
  message: string;
  query: { isFetching: boolean; refetch: () => unknown };
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl border border-danger-200 bg-danger-50 px-3 py-2 text-sm text-danger-700',
        className,
      )}
    >
      <span>{message}</span>
      <Button variant="secondary" size="sm" loading={query.isFetching} onClick={() => void query.refetch()}>
        {uiTexts.tryAgain}
      </Button>
    </div>
  );
}
