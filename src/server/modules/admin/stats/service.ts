import { adminStatsMessages, type AdminStats, type CreditStatistics, type DailyActivity } from '#contracts/admin-stats.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Logger } from '#server/lib/logger.ts';
import { creditStatistics, dailyActivity, platformStats } from './repo.ts';

export interface AdminStatsService {
  platform(): Promise<AdminStats>;
  credits(): Promise<CreditStatistics>;
  daily(): Promise<DailyActivity[]>;
}

/**
 * Each figure set fails on its own: the cause is logged and the caller gets the contract's message,
 * so God Mode shows an error on that card while the others still load.
 */
export function createAdminStatsService(deps: { db: Db; logger: Logger }): AdminStatsService {
  const guarded =
    <T>(what: string, message: string, read: (db: Db) => Promise<T>) =>
    async (): Promise<T> => {
      try {
        return await read(deps.db);
      } catch (err) {
        deps.logger.error({ err, statistics: what }, 'admin statistics failed');
        throw new AppError('INTERNAL', message);
      }
    };
  return {
    platform: guarded('platform', adminStatsMessages.statsFailed, platformStats),
    credits: guarded('credits', adminStatsMessages.creditStatsFailed, creditStatistics),
    daily: guarded('daily activity', adminStatsMessages.chartFailed, dailyActivity),
  };
}
