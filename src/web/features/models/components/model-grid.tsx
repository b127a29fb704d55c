import type { ReactNode } from 'react';
import { Card } from '#web/components/ui/card.tsx';
import { modelsTexts } from '../texts.ts';

/** One column on phones, two on tablets, three on desktops. */
export function ModelGrid({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <div aria-busy={busy || undefined} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {children}
    </div>
  );
}

function SkeletonCard() {
  return (
    <Card className="p-5">
      <div className="flex items-center gap-3">
        <div className="size-11 rounded-xl bg-ink-100" />
        <div className="h-5 flex-1 rounded-md bg-ink-100" />
        <div className="h-5 w-16 rounded-full bg-ink-100" />
      </div>
      <div className="mt-5 grid grid-cols-2 gap-4">
        <div className="h-9 rounded-md bg-ink-100" />
        <div className="h-9 rounded-md bg-ink-100" />
      </div>
      <div className="mt-4 h-8 w-40 rounded-md bg-ink-100" />
      <div className="mt-4 h-12 rounded-md bg-ink-100" />
      <div className="mt-5 flex gap-2">
        <div className="h-9 flex-1 rounded-xl bg-ink-100" />
        <div className="h-9 flex-1 rounded-xl bg-ink-100" />
      </div>
    </Card>
  );
}

/** The cards' shape while the first list loads. */
export function ModelGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div role="status" aria-label={modelsTexts.loading} className="animate-pulse">
      <ModelGrid>
        {Array.from({ length: count }, (_, i) => (
          <SkeletonCard key={i} />
        ))}
      </ModelGrid>
    </div>
  );
}
