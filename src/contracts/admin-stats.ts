import { z } from 'zod';
import { defineContract } from './contract.ts';

/** What God Mode's statistics cards read. */
export const adminStatsMessages = {
  statsFailed: 'Statistics are unavailable right now.',
  creditStatsFailed: 'Credit statistics are unavailable right now.',
  chartFailed: 'The activity chart is unavailable right now.',
} as const;

/** "Active" and "new" users look back this many days. */
export const ADMIN_STATS_WINDOW_DAYS = 7;
/** The daily chart covers this many days, today included. */
export const ADMIN_CHART_DAYS = 30;

/** The spec's get_super_admin_stats. */
export const AdminStats = z
  .object({
    totalUsers: z.number().int(),
    /** Users with a session or a generation in the last 7 days. */
    activeUsers: z.number().int(),
    /** Users who joined in the last 7 days. */
    newUsers: z.number().int(),
    /** Klips, images and videos. */
    totalImages: z.number().int(),
    /** Workspaces of kind team (every account also has a personal one, not counted here). */
    teamWorkspaces: z.number().int(),
    /** Users who belong to at least one team, each counted once. */
    teamMembers: z.number().int(),
  })
  .meta({ id: 'AdminStats' });
export type AdminStats = z.infer<typeof AdminStats>;

/** The spec's get_credit_statistics, with its field names. */
export const CreditStatistics = z
  .object({
    total_credits_purchased: z.number().int(),
    /** Usage net of refunds. */
    total_credits_used: z.number().int(),
    /** The average balance of a workspace (the ledger's unit: personal and team), two decimals. */
    average_credits_per_user: z.number(),
    /** Workspaces (personal and team) whose balance is zero. */
    users_with_zero_credits: z.number().int(),
    largest_credit_purchase: z.number().int(),
    /** The member who used the most credits (net of refunds), in any workspace; null before anyone has. */
    most_active_user_credits: z.object({ credits_used: z.number().int(), email: z.string() }).nullable(),
    /** Purchases since the first of this month (UTC). */
    credits_purchased_this_month: z.number().int(),
  })
  .meta({ id: 'CreditStatistics' });
export type CreditStatistics = z.infer<typeof CreditStatistics>;

export const DailyActivity = z
  .object({
    /** YYYY-MM-DD (UTC). */
    date: z.string(),
    generations: z.number().int(),
    signUps: z.number().int(),
  })
  .meta({ id: 'DailyActivity' });
export type DailyActivity = z.infer<typeof DailyActivity>;

export const getAdminStats = defineContract({
  method: 'GET',
  path: '/api/admin/stats',
  summary: 'Platform statistics: total, active and new users, total klips, teams and their members (super admins only)',
  tags: ['admin'],
  status: 200,
  response: AdminStats,
  errors: [401, 403],
  auth: 'admin',
});

export const getCreditStatistics = defineContract({
  method: 'GET',
  path: '/api/admin/credit-stats',
  summary: 'Credit statistics from the ledger (super admins only)',
  tags: ['admin'],
  status: 200,
  response: CreditStatistics,
  errors: [401, 403],
  auth: 'admin',
});

export const getDailyActivity = defineContract({
  method: 'GET',
  path: '/api/admin/daily-activity',
  summary: 'Generations and sign-ups per day over the last 30 days, oldest first, every day present (super admins only)',
  tags: ['admin'],
  status: 200,
  response: z.object({ days: z.array(DailyActivity) }),
  errors: [401, 403],
  auth: 'admin',
});
