import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { generationJobs } from '../../db/schema/index.ts';
import type { GenerationInput } from './input.ts';

export type JobRow = typeof generationJobs.$inferSelect;

export async function insertJob(tx: DbOrTx, job: typeof generationJobs.$inferInsert): Promise<JobRow> {
  const [row] = await tx.insert(generationJobs).values(job).returning();
  return row!;
}

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
export async function findQueuedJobs(db: DbOrTx, limit: number): Promise<Array<Pick<JobRow, 'id' | 'kind'>>> {
  return db
    .select({ id: generationJobs.id, kind: generationJobs.kind })
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

export type { GenerationInput };
