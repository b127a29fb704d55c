import { getAdminStats, getCreditStatistics, getDailyActivity } from '#contracts/admin-stats.ts';
import type { Router } from '#server/http/router.ts';
import type { AdminStatsService } from './service.ts';

export function registerAdminStatsRoutes(router: Router, deps: { adminStats: AdminStatsService }): void {
  router.add(getAdminStats, { handler: () => deps.adminStats.platform() });
  router.add(getCreditStatistics, { handler: () => deps.adminStats.credits() });
  router.add(getDailyActivity, { handler: async () => ({ days: await deps.adminStats.daily() }) });
}
