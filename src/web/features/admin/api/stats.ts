import { useQuery } from '@tanstack/react-query';
import { contractQuery } from '#web/lib/contract-query.ts';
import { getAdminStats, getCreditStatistics, getDailyActivity } from '#contracts/routes.ts';

// Each card has its own query, so one failing endpoint leaves the others on screen.
const adminStatsQueryOptions = contractQuery(getAdminStats);
const creditStatisticsQueryOptions = contractQuery(getCreditStatistics);
const dailyActivityQueryOptions = contractQuery(getDailyActivity);

/** GET /api/admin/stats: total, active and new users, total klips. */
export function useAdminStats() {
  return useQuery(adminStatsQueryOptions);
}

/** GET /api/admin/credit-stats: the ledger's totals. */
export function useCreditStatistics() {
  return useQuery(creditStatisticsQueryOptions);
}

/** GET /api/admin/daily-activity: generations and sign-ups per day, oldest first. */
export function useDailyActivity() {
  return useQuery(dailyActivityQueryOptions);
}
