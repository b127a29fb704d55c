import type { ComponentType, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Card } from './card.tsx';

/** One figure of a `<dl>` of stat cards: its icon and label (the term), then the value. */
export function StatCard({
  label,
  icon: Icon,
  value,
  className,
}: {
  label: ReactNode;
  icon: ComponentType<{ className?: string }>;
  value: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('flex flex-col gap-2 p-4', className)}>
      <dt className="flex min-w-0 items-center gap-2 text-xs font-medium text-ink-600 sm:text-sm">
        <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
          <Icon className="size-4" />
        </span>
        <span className="min-w-0">{label}</span>
      </dt>
      <dd className="text-2xl font-bold text-ink-900 tabular-nums">{value}</dd>
    </Card>
  );
}
