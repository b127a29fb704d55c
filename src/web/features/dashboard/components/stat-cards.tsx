import { Coins, Film, Heart, ImageIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import type { KlipStats } from '#contracts/klips.ts';
import { StatCard } from '#web/components/ui/stat-card.tsx';
import { dashboardTexts } from '../texts.ts';

const stats: ReadonlyArray<{ key: Exclude<keyof KlipStats, 'windowDays'>; label: string; icon: ComponentType<{ className?: string }> }> = [
  { key: 'imagesCreated', label: dashboardTexts.stats.imagesCreated, icon: ImageIcon },
  { key: 'videosCreated', label: dashboardTexts.stats.videosCreated, icon: Film },
  { key: 'creditsUsed', label: dashboardTexts.stats.creditsUsed, icon: Coins },
  { key: 'votesReceived', label: dashboardTexts.stats.votesReceived, icon: Heart },
];

/** The four weekly numbers the server counts over the last 7 days; dashes until they load (or if they fail). */
export function StatCards({ data }: { data: KlipStats | undefined }) {
  return (
    <section aria-labelledby="stats-heading" className="mt-8">
      <h2 id="stats-heading" className="text-sm font-semibold text-ink-600">
        {dashboardTexts.thisWeek}
        {data ? dashboardTexts.lastDays(data.windowDays) : ''}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {stats.map(({ key, label, icon }) => (
          <StatCard key={key} label={label} icon={icon} value={data ? data[key].toLocaleString() : '–'} />
        ))}
      </dl>
    </section>
  );
}
