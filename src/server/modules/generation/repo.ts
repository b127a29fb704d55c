import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { generationJobs } from '../../db/schema/index.ts';
import type { GenerationInput } from './input.ts';

export type JobRow = typeof generationJobs.$inferSelect;

export async function findUserJob(db: DbOrTx, userId: string, id: string): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(generationJobs)
    .where(and(eq(generationJobs.id, id), eq(generationJobs.userId, userId)))
    .limit(1);
  return row;
}

export async function findLatestUserJob(db: DbOrTx, userId: string, kind: JobRow['kind']): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(generationJobs)
    .where(and(eq(generationJobs.userId, userId), eq(generationJobs.kind, kind), isNull(generationJobs.batchItemId)))
    .orderBy(desc(generationJobs.createdAt))
    .limit(1);
  return row;
}

/** The variations asked for together, in order. */
export async function findGroupJobs(db: DbOrTx, userId: string, groupId: string): Promise<JobRow[]> {
  return db
    .select()
    .from(generationJobs)
    .where(and(eq(generationJobs.groupId, groupId), eq(generationJobs.userId, userId)))
    .orderBy(asc(generationJobs.variation));
}

/**
 * queued → running, once; null when another worker has it or it is finished. A claimed image is
 * "Generating" (10 %, step 1); a claimed video is still "Preparing" (20 %, step 0: its reference
 * image is read next).
 */
export async function claimJob(db: DbOrTx, id: string): Promise<JobRow | undefined> {
  const isVideo = sql`${generationJobs.kind} = 'video'`;
  const [row] = await db
    .update(generationJobs)
    .set({
      status: 'running',
      attempts: sql`${generationJobs.attempts} + 1`,
      startedAt: sql`coalesce(${generationJobs.startedAt}, now())`,
      updatedAt: sql`now()`,
      progress: sql`greatest(${generationJobs.progress}, case when ${isVideo} then 20 else 10 end)`,
      step: sql`greatest(${generationJobs.step}, case when ${isVideo} then 0 else 1 end)`,
    })
    .where(and(eq(generationJobs.id, id), eq(generationJobs.status, 'queued')))
    .returning();
  return row;
}

export async function recordProgress(db: DbOrTx, id: string, progress: number, step: number): Promise<void> {
  await db
    .update(generationJobs)
    .set({ progress: sql`greatest(${generationJobs.progress}, ${progress})`, step, updatedAt: sql`now()` })
    .where(and(eq(generationJobs.id, id), eq(generationJobs.status, 'running')));
}

/** The worker's sign of life; recovery treats a running job without one as lost. */
export async function heartbeat(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(generationJobs)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(generationJobs.id, id), eq(generationJobs.status, 'running')));
}

/** running → succeeded with its klip; `lastStep` is the kind's final step (image 2, video 4). */
export async function markSucceeded(tx: DbOrTx, id: string, klipId: string, lastStep = 2): Promise<JobRow | undefined> {
  const [row] = await tx
    .update(generationJobs)
    .set({
      status: 'succeeded',
      progress: 100,
      step: lastStep,
      klipId,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
      errorCode: null,
      errorMessage: null,
    })
    .where(and(eq(generationJobs.id, id), eq(generationJobs.status, 'running')))
    .returning();
  return row;
}

/** waiting/queued/running → failed, once; undefined when it had already finished. */
export async function markFailed(tx: DbOrTx, id: string, error: { code: string; message: string }): Promise<JobRow | undefined> {
  const [row] = await tx
    .update(generationJobs)
    .set({ status: 'failed', errorCode: error.code, errorMessage: error.message, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(generationJobs.id, id), inArray(generationJobs.status, ['waiting', 'queued', 'running'])))
    .returning();
  return row;
}

/** Running jobs whose worker has not shown a sign of life for `staleSeconds` (it died). */
export async function findStaleRunningJobs(db: DbOrTx, staleSeconds: number): Promise<JobRow[]> {
  return db
    .select()
    .from(generationJobs)
    .where(and(eq(generationJobs.status, 'running'), lt(generationJobs.updatedAt, sql`now() - make_interval(secs => ${staleSeconds})`)))
    .limit(100);
}

/** Accepted jobs no worker has claimed yet, the longest waiting first. */
export async function findQueuedJobs(db: DbOrTx, limit: number): Promise<Array<Pick<JobRow, 'id' | 'kind' | 'userId'>>> {
  return db
    .select({ id: generationJobs.id, kind: generationJobs.kind, userId: generationJobs.userId })
    .from(generationJobs)
    .where(eq(generationJobs.status, 'queued'))
    .orderBy(generationJobs.updatedAt)
    .limit(limit);
}

/**
 * Locks a job that is still queued for the rest of the transaction (a worker's claim or another
 * recovery waits for it); false when it is no longer queued.
 */
export async function lockQueuedJob(tx: DbOrTx, id: string): Promise<boolean> {
  const rows = await tx
    .select({ id: generationJobs.id })
    .from(generationJobs)
    .where(and(eq(generationJobs.id, id), eq(generationJobs.status, 'queued')))
    .for('update');
  return rows.length === 1;
}

/** Several jobs in one query (the live-progress watcher's tick). */
export async function findJobsByIds(db: DbOrTx, ids: readonly string[]): Promise<JobRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(generationJobs)
    .where(sql`${generationJobs.id} = any(${sql.param(ids)}::uuid[])`);
}

/** Puts a stale job back in the queue unless someone else already did (compare-and-set on updated_at). */
export async function requeueJob(tx: DbOrTx, job: JobRow): Promise<boolean> {
  const rows = await tx
    .update(generationJobs)
    .set({ status: 'queued', updatedAt: sql`now()` })
    .where(
      and(
        eq(generationJobs.id, job.id),
        eq(generationJobs.status, job.status),
        lt(generationJobs.updatedAt, sql`now() - interval '1 second'`),
      ),
    )
    .returning({ id: generationJobs.id });
  return rows.length === 1;
}

/**
 * One dispatcher per user at a time, to the end of the transaction: two finishing jobs must not
 * both fill the same place in the queue, and two requests must not both pass the cap.
 */
export async function lockUserQueue(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`job-dispatch:${userId}`}))`);
}

/** A user's jobs accepted and not finished (waiting, queued or running), every kind: what the cap counts. */
export async function countUnfinished(tx: DbOrTx, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from generation_jobs where user_id = ${userId} and status in ('waiting', 'queued', 'running')`,
  );
  return row?.n ?? 0;
}

/** One kind of a user's unfinished jobs: how many wait, how many are queued or running (and of those, batch items). */
export interface UserQueue {
  waiting: number;
  inFlight: number;
  batchInFlight: number;
}

export async function userQueues(tx: DbOrTx, userId: string): Promise<Map<JobRow['kind'], UserQueue>> {
  const rows = await queryRows<{ kind: JobRow['kind'] } & UserQueue>(
    tx,
    sql`select kind,
          count(*) filter (where status = 'waiting')::int as waiting,
          count(*) filter (where status <> 'waiting')::int as "inFlight",
          count(*) filter (where status <> 'waiting' and batch_item_id is not null)::int as "batchInFlight"
        from generation_jobs where user_id = ${userId} and status in ('waiting', 'queued', 'running')
        group by kind`,
  );
  return new Map(rows.map(({ kind, ...queue }) => [kind, queue]));
}

/**
 * Locks up to `limit` of a user's waiting jobs of one kind for the rest of the transaction, in the
 * order they start: editor jobs by age and variation, or batch items by batch age and photo order.
 * Rows another transaction holds (a cancel) are skipped.
 */
export async function lockWaitingJobs(
  tx: DbOrTx,
  userId: string,
  kind: JobRow['kind'],
  from: 'editor' | 'batch',
  limit: number,
): Promise<string[]> {
  if (limit <= 0) return [];
  const rows = await queryRows<{ id: string }>(
    tx,
    from === 'editor'
      ? sql`select id from generation_jobs
            where user_id = ${userId} and kind = ${kind} and status = 'waiting' and batch_item_id is null
            order by created_at, variation nulls first
            limit ${limit}
            for update skip locked`
      : sql`select j.id from generation_jobs j join batch_items i on i.id = j.batch_item_id
            where j.user_id = ${userId} and j.kind = ${kind} and j.status = 'waiting'
            order by j.created_at, i.position
            limit ${limit}
            for update of j skip locked`,
  );
  return rows.map((row) => row.id);
}

/** waiting → queued, for jobs this transaction has locked; returns those it moved. */
export async function markQueued(tx: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update generation_jobs set status = 'queued', updated_at = now()
        where id = any(${sql.param(ids)}::uuid[]) and status = 'waiting'
        returning id`,
  );
  return new Set(rows.map((row) => row.id));
}

/** A user's jobs of a kind queued or running besides `exceptId`: a job sent again takes its place in line after them. */
export async function countInFlight(tx: DbOrTx, userId: string, kind: JobRow['kind'], exceptId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from generation_jobs
        where user_id = ${userId} and kind = ${kind} and status in ('queued', 'running') and id <> ${exceptId}`,
  );
  return row?.n ?? 0;
}

/**
 * Users with a waiting job that has a free place: fewer than `running` of its kind queued or
 * running, and for a batch item fewer than `batchRunning` batch items (recovery's sweep; a user
 * whose share is full is left to their next finishing job).
 */
export async function usersWithStartableJobs(
  db: DbOrTx,
  limits: { running: number; batchRunning: number },
  limit: number,
): Promise<string[]> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select user_id from generation_jobs
        where status in ('waiting', 'queued', 'running')
        group by user_id, kind
        having count(*) filter (where status <> 'waiting') < ${limits.running}
          and (count(*) filter (where status = 'waiting' and batch_item_id is null) > 0
            or (count(*) filter (where status = 'waiting' and batch_item_id is not null) > 0
              and count(*) filter (where status <> 'waiting' and batch_item_id is not null) < ${limits.batchRunning}))
        limit ${limit}`,
  );
  return [...new Set(rows.map((row) => row.user_id))];
}

/**
 * Fails every job of a batch that has not started (waiting for a slot, or queued but not yet
 * claimed by a worker) with `error`, in one statement. A worker's claim (queued → running) and
 * this update lock the same row, so each job is either claimed or cancelled, never both.
 */
export async function failUnstartedJobsOfBatch(
  tx: DbOrTx,
  batchId: string,
  error: { code: string; message: string },
): Promise<Array<{ id: string; cost: number; userId: string; workspaceId: string }>> {
  return queryRows(
    tx,
    sql`update generation_jobs j set status = 'failed', error_code = ${error.code}, error_message = ${error.message},
          finished_at = now(), updated_at = now()
        from batch_items i
        where i.batch_id = ${batchId} and j.id = i.job_id and j.status in ('waiting', 'queued')
        returning j.id, j.cost, j.user_id as "userId", j.workspace_id as "workspaceId"`,
  );
}

export type { GenerationInput };
