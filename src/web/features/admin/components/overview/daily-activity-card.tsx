import { ADMIN_CHART_DAYS, adminStatsMessages } from '#contracts/admin-stats.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { useDailyActivity } from '../../api/stats.ts';
import { DailyActivityChart } from './daily-activity-chart.tsx';
import { SectionError } from './section-error.tsx';
import { adminTexts } from '../../texts.ts';

/** The chart of the last 30 days in its card; a failure stays on this card. */
export function DailyActivityCard() {
  const activity = useDailyActivity();
  return (
    <Card role="region" aria-labelledby="daily-activity-heading" aria-busy={activity.isPending}>
      <CardHeader>
        <CardTitle id="daily-activity-heading">{adminTexts.overview.chartTitle(ADMIN_CHART_DAYS)}</CardTitle>
        <p className="text-sm text-ink-600">{adminTexts.overview.chartSubtitle}</p>
      </CardHeader>
      <CardContent>
        {activity.isError && <SectionError message={adminStatsMessages.chartFailed} query={activity} className="mb-3" />}
        {activity.isPending && <div aria-hidden="true" className="h-60 animate-pulse rounded-xl bg-ink-100" />}
        {activity.data && <DailyActivityChart days={activity.data.days} />}
      </CardContent>
    </Card>
  );
}
