import { sql } from 'drizzle-orm';
import type { KlipStats } from '#contracts/klips.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/**
 * A workspace's last `days`, as one of its members sees them: klips created by type, credits used
 * (usage rows net of refunds, never below zero) and votes other users than the viewer cast (or
 * changed) on its klips. One query of aggregates, along the workspace indexes.
 */
export async function klipStats(db: DbOrTx, workspaceId: string, viewerId: string, days: number): Promise<KlipStats> {
  const since = sql`now() - make_interval(days => ${days})`;
  const [row] = await queryRows<Omit<KlipStats, 'windowDays'>>(
    db,
    sql`select made."imagesCreated", made."videosCreated",
      greatest(0, (select coalesce(sum(-amount), 0)
        from credit_transactions where workspace_id = ${workspaceId}::uuid and type in ('usage', 'refund') and created_at > ${since}))::int as "creditsUsed",
      (select count(*) from klip_votes v join klips k on k.id = v.klip_id
        where k.workspace_id = ${workspaceId}::uuid and v.user_id <> ${viewerId} and v.updated_at > ${since})::int as "votesReceived"
    from (select count(*) filter (where klip_type = 'image')::int as "imagesCreated",
        count(*) filter (where klip_type = 'video')::int as "videosCreated"
      from klips where workspace_id = ${workspaceId}::uuid and created_at > ${since}) made`,
  );
  return { ...row!, windowDays: days };
}
