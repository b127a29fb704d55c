import { Coins, Film, Heart, ImageIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import type { KlipStats } from '../../../../contracts/klips.ts';
import { Card } from '../../../components/ui/card.tsx';

const stats: ReadonlyArray<{ key: Exclude<keyof KlipStats, 'windowDays'>; label: string; icon: ComponentType<{ className?: string }> }> = [
  { key: 'imagesCreated', label: 'Images created', icon: ImageIcon },
  { key: 'videosCreated', label: 'Videos created', icon: Film },
  { key: 'creditsUsed', label: 'Credits used', icon: Coins },
  { key: 'votesReceived', label: 'Votes received', icon: Heart },
];

/** The four weekly numbers the server counts over the last 7 days; dashes until they load (or if they fail). */
export function StatCards({ data }: { data: KlipStats | undefined }) {
  return (
    <section aria-labelledby="stats-heading" className="mt-8">
      <h2 id="stats-heading" className="text-sm font-semibold text-ink-600">
        This week{data ? ` · last ${data.windowDays} days` : ''}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {stats.map(({ key, label, icon: Icon }) => (
          <Card key={key} className="flex flex-col gap-2 p-4">
            <dt className="flex min-w-0 items-center gap-2 text-xs font-medium text-ink-600 sm:text-sm">
              <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
                <Icon className="size-4" />
              </span>
              <span className="min-w-0">{label}</span>
            </dt>
            <dd className="text-2xl font-bold text-ink-900 tabular-nums">{data ? data[key].toLocaleString() : '–'}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}
