import { cn } from '../../lib/cn.ts';
import { uiTexts } from '../../lib/texts.ts';

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' } as const;

export function Spinner({ size = 'md', className, label }: { size?: keyof typeof sizes; className?: string; label?: string }) {
  return (
    <span
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn('inline-block animate-spin rounded-full border-current border-r-transparent text-brand-600', sizes[size], className)}
    />
  );
}

/** Full-page loading state, e.g. while a route's code or the session loads. */
export function PageSpinner({ label = uiTexts.loading }: { label?: string }) {
  return (
    <div className="grid min-h-dvh place-items-center bg-ink-50">
      <Spinner size="lg" label={label} />
    </div>
  );
}
