import { CreditStatistics } from '../components/overview/credit-statistics.tsx';
import { DailyActivityCard } from '../components/overview/daily-activity-card.tsx';
import { PlatformStats } from '../components/overview/platform-stats.tsx';

/** God Mode's first tab: platform stat cards, credit statistics and the last 30 days, each loading (and failing) on its own. */
export default function OverviewTab() {
  return (
    <div className="flex flex-col gap-6">
      <PlatformStats />
      <div className="grid gap-6 xl:grid-cols-2">
        <CreditStatistics />
        <DailyActivityCard />
      </div>
    </div>
  );
}
