import { cn } from '#web/lib/cn.ts';

/** A grey bar standing in for a number while it loads (hidden from screen readers: the section says it is busy). */
export function ValueSkeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block h-8 w-20 animate-pulse rounded-md bg-ink-100', className)} />;
}
