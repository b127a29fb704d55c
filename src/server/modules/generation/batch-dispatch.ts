import { sql } from 'drizzle-orm';
import { BATCH_RUNNING_PER_USER } from '../../../contracts/batches.ts';
import { queryRows, type Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { GenerationEvents } from './events.ts';
import { generateImageJob } from './jobs.ts';

export interface BatchDispatchDeps {
  db: Db;
  jobs: JobQueue;
  events: GenerationEvents;
  /** A user's batch jobs queued or running at once (default BATCH_RUNNING_PER_USER). */
  runningPerUser?: number;
}

/**
 * Batch jobs wait until the user has a free slot (docs/product-rules.md#batches): each user's
 * batch runs at most `runningPerUser` jobs at once, so one seller's 50 photos take turns with
 * everybody else's work in the shared queue instead of filling it.
 */
export interface BatchDispatcher {
  /** Starts the user's oldest waiting batch jobs that fit their free slots; returns how many. */
  startWaiting(userId: string): Promise<number>;
  /** The same for every user with waiting jobs (recovery's sweep after a restart or a lost wake-up). */
  startAllWaiting(): Promise<number>;
}

export function createBatchDispatcher(deps: BatchDispatchDeps): BatchDispatcher {
  const { db } = deps;
  const limit = deps.runningPerUser ?? BATCH_RUNNING_PER_USER;

  const startWaiting = async (userId: string): Promise<number> => {
    const started = await db.transaction(async (tx) => {
      // One dispatcher per user at a time: two finishing jobs must not both fill the same slot.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`batch-dispatch:${userId}`}))`);
      const [busy] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from generation_jobs
            where user_id = ${userId} and batch_item_id is not null and status in ('queued', 'running')`,
      );
      const free = limit - (busy?.n ?? 0);
      if (free <= 0) return [];
      const rows = await queryRows<{ id: string }>(
        tx,
        // Oldest batch first, each in the order its photos were dropped. The pick is a materialised
        // CTE: as an IN (subquery) the planner may run it again per row and exceed the limit.
        sql`with picked as materialized (
              select j.id from generation_jobs j join batch_items i on i.id = j.batch_item_id
              where j.user_id = ${userId} and j.batch_item_id is not null and j.status = 'waiting'
              order by j.created_at, i.position
              limit ${free}
              for update of j skip locked)
            update generation_jobs g set status = 'queued', updated_at = now()
            from picked where g.id = picked.id and g.status = 'waiting'
            returning g.id`,
      );
      for (const row of rows) await deps.jobs.send(generateImageJob, { jobId: row.id }, { tx });
      return rows.map((row) => row.id);
    });
    for (const id of started) deps.events.publish(id);
    return started.length;
  };

  return {
    startWaiting,
    async startAllWaiting() {
      const users = await queryRows<{ user_id: string }>(
        db,
        sql`select distinct user_id from generation_jobs where batch_item_id is not null and status = 'waiting' limit 500`,
      );
      let started = 0;
      for (const { user_id } of users) started += await startWaiting(user_id);
      return started;
    },
  };
}
