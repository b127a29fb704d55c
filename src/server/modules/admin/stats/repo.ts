import { sql } from 'drizzle-orm';
import {
  ADMIN_CHART_DAYS,
  ADMIN_STATS_WINDOW_DAYS,
  type AdminStats,
  type CreditStatistics,
  type DailyActivity,
} from '#contracts/admin-stats.ts';
import { queryRows, type DbOrTx } from '#server/db/client.ts';

// God Mode's statistics (docs/product-rules.md#god-mode-statistics): aggregates computed by
// PostgreSQL, one or two statements per endpoint; no rows are loaded into the server. Counts and
// sums come back as bigint or numeric (strings on node-postgres) and are read with Number().

const windowStart = sql`now() - make_interval(days => ${ADMIN_STATS_WINDOW_DAYS})`;

export async function platformStats(db: DbOrTx): Promise<AdminStats> {
  // A session's updated_at is set when it is created and moves forward each time it is extended,
  // so "created or updated in the window" is updated_at alone, read from its index.
  const [row] = await queryRows<Record<keyof AdminStats, number | string>>(
    db,
    sql`select
      (select count(*) from users) as "totalUsers",
      (select count(*) from (
        select user_id from sessions where updated_at >= ${windowStart}
        union
        select user_id from generation_jobs where created_at >= ${windowStart}
      ) active) as "activeUsers",
      (select count(*) from users where created_at >= ${windowStart}) as "newUsers",
      (select count(*) from klips) as "totalImages",
      (select count(*) from workspaces where kind = 'team') as "teamWorkspaces",
      (select count(distinct m.user_id) from workspace_members m join workspaces w on w.id = m.workspace_id
        where w.kind = 'team') as "teamMembers"`,
  );
  return {
    totalUsers: Number(row!.totalUsers),
    activeUsers: Number(row!.activeUsers),
    newUsers: Number(row!.newUsers),
    totalImages: Number(row!.totalImages),
    teamWorkspaces: Number(row!.teamWorkspaces),
    teamMembers: Number(row!.teamMembers),
  };
}

interface BalanceFigures {
  used: number | string;
  average: number | string;
  zero: number | string;
  topUsed: number | string | null;
  topEmail: string | null;
}

/**
 * The ledger's figures. Balances are per workspace (the ledger's unit, personal and team alike):
 * their average, and the workspaces at zero. Every ledger row belongs to a workspace (foreign key),
 * so workspaces at zero are all workspaces minus those with a nonzero balance. Usage net of refunds
 * is per member (the row's user): its total, and the member with the most.
 */
async function balanceFigures(db: DbOrTx): Promise<BalanceFigures> {
  // Balances read the ledger in workspace order from credit_transactions_workspace_type_amount_idx
  // (index only), summing each workspace's rows as they pass; usage per member the same way from
  // credit_transactions_user_type_amount_idx. Asked for in order, PostgreSQL streams the index
  // instead of hashing every row (which measured about 40% slower).
  const [row] = await queryRows<BalanceFigures>(
    db,
    sql`with per_workspace as (
        select workspace_id, sum(amount) as balance
        from (select workspace_id, amount from credit_transactions order by workspace_id) ledger
        group by workspace_id
      ),
      per_member as (
        select user_id, sum(-amount) as used
        from (select user_id, amount from credit_transactions where type in ('usage', 'refund') order by user_id) spent
        group by user_id
      ),
      balances as (
        select coalesce(sum(balance), 0) as balance, count(*) filter (where balance <> 0) as holders from per_workspace
      ),
      usage as (select coalesce(sum(used), 0) as used, max(used) as top_used from per_member),
      spaces as (select count(*) as n from workspaces)
      select u.used,
        case when spaces.n = 0 then 0 else round(b.balance::numeric / spaces.n, 2) end as average,
        spaces.n - b.holders as zero,
        case when u.top_used > 0 then u.top_used end as "topUsed",
        -- Ties go to the first email in alphabetical order.
        (select min(people.email) from per_member p join users people on people.id = p.user_id
          where u.top_used > 0 and p.used = u.top_used) as "topEmail"
      from balances b, usage u, spaces`,
  );
  return row!;
}

interface PurchaseFigures {
  total: number | string;
  largest: number | string;
  thisMonth: number | string;
}

/** Purchases, from the (type, created_at) index. */
async function purchaseFigures(db: DbOrTx): Promise<PurchaseFigures> {
  // The month's start is a subquery so it is computed once, not for every row.
  const [row] = await queryRows<PurchaseFigures>(
    db,
    sql`select coalesce(sum(amount), 0) as total, coalesce(max(amount), 0) as largest,
        coalesce(sum(amount) filter (where created_at >= (select date_trunc('month', now(), 'UTC'))), 0) as "thisMonth"
      from credit_transactions where type = 'purchase'`,
  );
  return row!;
}

export async function creditStatistics(db: DbOrTx): Promise<CreditStatistics> {
  // Independent reads: on PostgreSQL they run side by side on two connections of the pool.
  const [balances, purchases] = await Promise.all([balanceFigures(db), purchaseFigures(db)]);
  return {
    total_credits_purchased: Number(purchases.total),
    total_credits_used: Number(balances.used),
    average_credits_per_user: Number(balances.average),
    users_with_zero_credits: Number(balances.zero),
    largest_credit_purchase: Number(purchases.largest),
    most_active_user_credits:
      balances.topUsed !== null && balances.topEmail !== null ? { credits_used: Number(balances.topUsed), email: balances.topEmail } : null,
    credits_purchased_this_month: Number(purchases.thisMonth),
  };
}

export async function dailyActivity(db: DbOrTx): Promise<DailyActivity[]> {
  // Days are UTC dates: each row is bucketed by its date in UTC, read from its created_at index
  // from the first day's midnight (UTC) on; days without any row are filled in as zero.
  const rows = await queryRows<{ date: string; generations: number | string; signUps: number | string }>(
    db,
    sql`with first_day as (select (now() at time zone 'UTC')::date - ${ADMIN_CHART_DAYS - 1}::int as day),
      since as (select day::timestamp at time zone 'UTC' as at from first_day),
      generations as (
        select (created_at at time zone 'UTC')::date as day, count(*) as n
        from generation_jobs where created_at >= (select at from since) group by 1
      ),
      sign_ups as (
        select (created_at at time zone 'UTC')::date as day, count(*) as n
        from users where created_at >= (select at from since) group by 1
      )
      select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(g.n, 0) as generations, coalesce(s.n, 0) as "signUps"
      from (select (select day from first_day) + i as day from generate_series(0, ${ADMIN_CHART_DAYS - 1}::int) i) d
      left join generations g on g.day = d.day
      left join sign_ups s on s.day = d.day
      order by d.day`,
  );
  return rows.map((r) => ({ date: r.date, generations: Number(r.generations), signUps: Number(r.signUps) }));
}
