import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';

export interface PlatformSeed {
  users: number;
  klips: number;
  /** Ledger rows in all: a grant per user, purchases, one usage row per generation, refunds, adjustments. */
  ledgerRows: number;
}

const DAY = 86_400;
/** Users joined over this many days; generations and ledger rows are spread over the last year. */
const HISTORY_DAYS = 400;

/**
 * A platform of `users` users for God Mode's statistics, in set-based statements (generate_series):
 * users joined over 400 days, one to two sessions each over the last 60 days, a generation job per
 * usage row over the last year (5% videos, one in sixteen failed and refunded), `klips` klips made
 * by the first succeeded jobs, and the ledger: a welcome grant per user, purchases (a tenth of the
 * rows), one usage row per job, the refunds, and a few adjustments of either sign.
 */
export async function seedPlatform(database: Database, seed: PlatformSeed): Promise<{ generations: number }> {
  const { db } = database;
  const purchases = Math.round(seed.ledgerRows / 10);
  const adjustments = Math.round(seed.ledgerRows / 60);
  // usage + refunds (one per 16 jobs) fill the rest.
  const generations = Math.floor(((seed.ledgerRows - seed.users - purchases - adjustments) * 16) / 17);
  if (generations < seed.klips) throw new Error('the ledger is too small for one usage row per klip');
  // Ids shaped like the ones sign-up makes (UUIDs), derived from the user's number.
  const uid = (expr: string) => sql.raw(`md5('stats-user-' || (1 + (${expr}) % ${seed.users}))::uuid::text`);

  await db.execute(sql`insert into users (id, name, email, email_verified, created_at, updated_at)
    select ${uid('i - 1')}, 'Seller ' || i, 'seller-' || i || '@bench.example', true, t, t
    from (select i, now() - make_interval(secs => (i::bigint * 7919) % ${HISTORY_DAYS * DAY}) as t
      from generate_series(1, ${seed.users}) i) s`);
  await db.execute(sql`insert into user_profiles (user_id, display_name) select id, name from users where email like '%@bench.example'`);
  await db.execute(sql`insert into sessions (id, token, user_id, created_at, updated_at, expires_at)
    select 'stats-session-' || i, 'stats-token-' || i, ${uid('i * 7')}, t, t + interval '1 hour', t + interval '7 days'
    from (select i, now() - make_interval(secs => (i::bigint * 104729) % ${60 * DAY}) as t
      from generate_series(1, ${Math.round(seed.users * 1.5)}) i) s`);
  // Every row goes to its member's personal workspace (made with the user by the trigger of migration 0005).
  await db.execute(sql`insert into generation_jobs (id, workspace_id, user_id, kind, status, progress, provider, model_name, input, cost,
      created_at, updated_at, finished_at)
    select md5('stats-job-' || i)::uuid, (select w.id from workspaces w where w.personal_of = ${uid('i::bigint * 37')}), ${uid('i::bigint * 37')}, kind, status, 100, 'local', 'Klipt Ultra 1.1', '{}'::jsonb,
      case kind when 'video' then 5 else 1 end, t, t + interval '20 seconds', t + interval '20 seconds'
    from (select i, now() - make_interval(secs => (i::bigint * ${Math.floor((365 * DAY) / generations)}) % ${365 * DAY}) as t,
      case when i % 20 = 0 then 'video' else 'image' end as kind,
      case when i % 16 = 0 then 'failed' else 'succeeded' end as status
      from generate_series(1, ${generations}) i) s`);
  await db.execute(sql`insert into klips (workspace_id, user_id, klip_type, media_key, mime_type, prompt, model_name, source, generation_job_id, created_at)
    select j.workspace_id, j.user_id, j.kind, 'klips/' || j.user_id || '/' || j.id || case j.kind when 'video' then '.mp4' else '.png' end,
      case j.kind when 'video' then 'video/mp4' else 'image/png' end, 'a product on a table', j.model_name, 'local', j.id, j.finished_at
    from generation_jobs j where j.status = 'succeeded' order by j.created_at desc limit ${seed.klips}`);
  await db.execute(sql`update generation_jobs j set klip_id = k.id from klips k where k.generation_job_id = j.id`);

  await db.execute(sql`insert into credit_transactions (workspace_id, user_id, amount, type, reference, created_at)
    select w.id, u.id, 10, 'grant', 'welcome:' || u.id, u.created_at
    from users u join workspaces w on w.personal_of = u.id where u.email like '%@bench.example'`);
  await db.execute(sql`insert into credit_transactions (workspace_id, user_id, amount, type, reference, created_at)
    select workspace_id, user_id, -cost, 'usage', 'job:' || id, created_at from generation_jobs`);
  await db.execute(sql`insert into credit_transactions (workspace_id, user_id, amount, type, reference, created_at)
    select workspace_id, user_id, cost, 'refund', 'job:' || id, updated_at from generation_jobs where status = 'failed'`);
  await db.execute(sql`insert into credit_transactions (workspace_id, user_id, amount, type, reference, description, created_at)
    select w.id, s.uid, s.amount, 'purchase', 'stats-invoice-' || s.i, 'Plan credits', s.t
    from (select i, ${uid('i::bigint * 13')} as uid, (array[125, 500, 1500, 9999])[1 + i % 4] as amount,
        now() - make_interval(secs => (i::bigint * 3001) % ${365 * DAY}) as t
      from generate_series(1, ${purchases}) i) s
    join workspaces w on w.personal_of = s.uid`);
  await db.execute(sql`insert into credit_transactions (workspace_id, user_id, amount, type, reference, description, created_at)
    select w.id, s.uid, s.amount, 'adjustment', 'stats-adjustment-' || s.i, 'Support', s.t
    from (select i, ${uid('i::bigint * 101')} as uid, case when i % 3 = 0 then -5 else 50 end as amount,
        now() - make_interval(secs => (i::bigint * 6007) % ${365 * DAY}) as t
      from generate_series(1, ${adjustments}) i) s
    join workspaces w on w.personal_of = s.uid`);
  // As autovacuum leaves a table that has settled: statistics and the visibility map.
  await db.execute(sql`vacuum analyze`);
  return { generations };
}
