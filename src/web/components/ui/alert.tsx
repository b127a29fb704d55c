import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

const tones = {
  error: 'border-danger-200 bg-danger-50 text-danger-700',
  success: 'border-green-200 bg-green-50 text-green-800',
  info: 'border-brand-200 bg-brand-50 text-brand-800',
} as const;

/** An inline message box; errors are announced to screen readers at once. */
export function Alert({
  tone,
  title,
  children,
  className,
}: {
  tone: keyof typeof tones;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cn('rounded-xl border px-4 py-3 text-sm', tones[tone], className)}>
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={title ? 'mt-1' : undefined}>{children}</div>}
    </div>
  );
}
