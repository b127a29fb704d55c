import { cn } from '#web/lib/cn.ts';

/** A thin progress bar in percent, named for screen readers. */
export function ProgressBar({ label, percent, className }: { label: string; percent: number; className?: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-ink-200', className)}
    >
      <div
        className="h-full rounded-full bg-gradient-to-r from-brand-600 to-accent-500 transition-[width] duration-500 ease-out"
        style={{ width: `${value}%` }}
      />
    </div>
  );
}
