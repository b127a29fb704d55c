import type { ReactNode } from 'react';
import { adminStatsMessages, type CreditStatistics as CreditStatisticsData } from '#contracts/admin-stats.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { useCreditStatistics } from '../../api/stats.ts';
import { formatAverage, formatCount } from './format.ts';
import { SectionError } from './section-error.tsx';
import { adminTexts } from '../../texts.ts';
import { ValueSkeleton } from './value-skeleton.tsx';

function Figure({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn('min-w-0 rounded-xl bg-ink-50 px-3 py-2.5 ring-1 ring-ink-100 ring-inset', wide && 'col-span-2')}>
      <dt className="text-xs font-medium text-ink-600">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-ink-900 tabular-nums">{children}</dd>
    </div>
  );
}

function MostActiveUser({ user }: { user: CreditStatisticsData['most_active_user_credits'] }) {
  if (!user) return <span className="text-sm font-medium text-ink-500">{adminTexts.overview.mostActiveNone}</span>;
  return (
    <>
      {formatCount(user.credits_used)} <span className="text-sm font-medium text-ink-600">{adminTexts.overview.creditsUsedSuffix}</span>
      <span className="block truncate text-sm font-medium text-ink-700" title={user.email}>
        {user.email}
      </span>
    </>
  );
}

function Figures({ data }: { data: CreditStatisticsData | undefined }) {
  const show = (value: (d: CreditStatisticsData) => ReactNode) => (data ? value(data) : <ValueSkeleton className="h-7" />);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-2">
      <Figure label={adminTexts.overview.creditsPurchased}>{show((d) => formatCount(d.total_credits_purchased))}</Figure>
      <Figure label={adminTexts.overview.creditsUsed}>{show((d) => formatCount(d.total_credits_used))}</Figure>
      <Figure label={adminTexts.overview.purchasedThisMonth}>{show((d) => formatCount(d.credits_purchased_this_month))}</Figure>
      <Figure label={adminTexts.overview.largestPurchase}>{show((d) => formatCount(d.largest_credit_purchase))}</Figure>
      <Figure label={adminTexts.overview.averagePerUser}>{show((d) => formatAverage(d.average_credits_per_user))}</Figure>
      <Figure label={adminTexts.overview.zeroCreditUsers}>{show((d) => formatCount(d.users_with_zero_credits))}</Figure>
      <Figure label={adminTexts.overview.mostActiveUser} wide>
        {show((d) => (
          <MostActiveUser user={d.most_active_user_credits} />
        ))}
      </Figure>
    </dl>
  );
}

/** The ledger's totals (the spec's get_credit_statistics); a failure stays on this card. */
export function CreditStatistics() {
  const stats = useCreditStatistics();
  return (
    <Card aria-labelledby="credit-stats-heading" aria-busy={stats.isPending} role="region">
      <CardHeader>
        <CardTitle id="credit-stats-heading">{adminTexts.overview.creditsTitle}</CardTitle>
        <p className="text-sm text-ink-600">{adminTexts.overview.creditsSubtitle}</p>
      </CardHeader>
      <CardContent>
        {stats.isError && <SectionError message={adminStatsMessages.creditStatsFailed} query={stats} className="mb-3" />}
        {(stats.isPending || stats.data) && <Figures data={stats.data} />}
      </CardContent>
    </Card>
  );
}
