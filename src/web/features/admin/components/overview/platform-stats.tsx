import { Building2, Images, UserCheck, UserPlus, Users, UsersRound } from 'lucide-react';
import type { ComponentType } from 'react';
import { ADMIN_STATS_WINDOW_DAYS, adminStatsMessages, type AdminStats } from '#contracts/admin-stats.ts';
import { StatCard } from '#web/components/ui/stat-card.tsx';
import { useAdminStats } from '../../api/stats.ts';
import { formatCount } from './format.ts';
import { SectionError } from './section-error.tsx';
import { adminTexts } from '../../texts.ts';
import { ValueSkeleton } from './value-skeleton.tsx';

const cards: ReadonlyArray<{ key: keyof AdminStats; label: string; icon: ComponentType<{ className?: string }> }> = [
  { key: 'totalUsers', label: adminTexts.overview.totalUsers, icon: Users },
  { key: 'activeUsers', label: adminTexts.overview.activeUsers(ADMIN_STATS_WINDOW_DAYS), icon: UserCheck },
  { key: 'newUsers', label: adminTexts.overview.newUsers(ADMIN_STATS_WINDOW_DAYS), icon: UserPlus },
  { key: 'totalImages', label: adminTexts.overview.totalKlips, icon: Images },
  { key: 'teamWorkspaces', label: adminTexts.overview.teamWorkspaces, icon: Building2 },
  { key: 'teamMembers', label: adminTexts.overview.teamMembers, icon: UsersRound },
];

/** The platform stat cards (users, klips, teams); while they load or if they fail, dashes stand in and the failure shows above them. */
export function PlatformStats() {
  const stats = useAdminStats();
  const valueOf = (key: keyof AdminStats) => {
    if (stats.isPending) return <ValueSkeleton />;
    return stats.data ? formatCount(stats.data[key]) : '–';
  };
  return (
    <section aria-labelledby="platform-stats-heading" aria-busy={stats.isPending}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="platform-stats-heading" className="text-lg font-semibold text-ink-900">
          {adminTexts.overview.platformTitle}
        </h2>
        <p className="text-sm text-ink-600">{adminTexts.overview.platformSubtitle(ADMIN_STATS_WINDOW_DAYS)}</p>
      </div>
      {stats.isError && <SectionError message={adminStatsMessages.statsFailed} query={stats} className="mt-3" />}
      <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-3">
        {cards.map(({ key, label, icon }) => (
          <StatCard key={key} label={label} icon={icon} value={valueOf(key)} />
        ))}
      </dl>
    </section>
  );
}
