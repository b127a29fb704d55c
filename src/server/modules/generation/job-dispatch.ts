import { BATCH_RUNNING_PER_USER } from '#contracts/batches.ts';
import { generationKinds, type GenerationKind } from '#contracts/job-kinds.ts';
import { generationMessages } from '#contracts/generation.ts';
import { GENERATION_RUNNING_PER_USER, GENERATION_UNFINISHED_PER_USER } from '#contracts/limits.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/app-error.ts';
import type { GenerationEvents } from './events.ts';
import { queueOfKind } from './jobs.ts';
import { countUnfinished, lockUserQueue, lockWaitingJobs, markQueued, userQueues, usersWithStartableJobs } from './repo.ts';

export interface JobDispatchDeps {
  db: Db;
  jobs: JobQueue;
  events: GenerationEvents;
  /** A user's jobs of one kind queued or running at once (default GENERATION_RUNNING_PER_USER). */
  runningPerUser?: number;
  /** Of those, batch items (default BATCH_RUNNING_PER_USER). */
  batchRunningPerUser?: number;
  /** A user's jobs accepted and not finished (default GENERATION_UNFINISHED_PER_USER). */
  unfinishedPerUser?: number;
}

/**
 * Each user's fair share of the shared queues (docs/product-rules.md#fair-queues, ADR 0018). Every
 * job is accepted `waiting`; a user has at most `runningPerUser` jobs of a kind in the queue (at
 * most `batchRunningPerUser` of them batch items) and the rest wait here, not in the queue, so one
 * backlog never stands in line before other users. A job enters the queue with the priority
 * −(the user's jobs of its kind already there): workers take a user with nothing running first,
 * then everybody's second job, and so on.
 */
export interface JobDispatcher {
  /**
   * Refuses (429) jobs that would take the user past their unfinished cap. Call it in the
   * transaction that then inserts them: it holds the user's dispatch lock to the end, so parallel
   * requests are counted one after the other.
   */
  admit(tx: DbOrTx, userId: string, count: number): Promise<void>;
  /** In the caller's transaction: queues the user's oldest waiting jobs that fit; returns their ids (publish after the commit). */
  startWaitingIn(tx: DbOrTx, userId: string): Promise<Set<string>>;
  /** The same in a transaction of its own (a job of the user finished); returns how many started. */
  startWaiting(userId: string): Promise<number>;
  /** The same for every user with waiting jobs that fit (recovery's sweep after a restart or a lost wake-up). */
  startAllWaiting(): Promise<number>;
}

export function createJobDispatcher(deps: JobDispatchDeps): JobDispatcher {
  const { db } = deps;
  const running = deps.runningPerUser ?? GENERATION_RUNNING_PER_USER;
  const batchRunning = deps.batchRunningPerUser ?? BATCH_RUNNING_PER_USER;
  const unfinishedCap = deps.unfinishedPerUser ?? GENERATION_UNFINISHED_PER_USER;

  const startKind = async (tx: DbOrTx, userId: string, kind: GenerationKind, queue: { inFlight: number; batchInFlight: number }) => {
    const free = running - queue.inFlight;
    const editor = await lockWaitingJobs(tx, userId, kind, 'editor', free);
    const batch = await lockWaitingJobs(tx, userId, kind, 'batch', Math.min(free - editor.length, batchRunning - queue.batchInFlight));
    const picked = [...editor, ...batch];
    const moved = await markQueued(tx, picked);
    const started = picked.filter((id) => moved.has(id));
    for (const [i, jobId] of started.entries()) {
      await deps.jobs.send(queueOfKind[kind], { jobId }, { tx, priority: -(queue.inFlight + i) });
    }
    return started;
  };

  const startWaitingIn = async (tx: DbOrTx, userId: string): Promise<Set<string>> => {
    await lockUserQueue(tx, userId);
    const queues = await userQueues(tx, userId);
    const started = new Set<string>();
    for (const kind of generationKinds) {
      const queue = queues.get(kind);
      if (!queue || queue.waiting === 0 || queue.inFlight >= running) continue;
      for (const id of await startKind(tx, userId, kind, queue)) started.add(id);
    }
    return started;
  };

  const startWaiting = async (userId: string): Promise<number> => {
    const started = await db.transaction((tx) => startWaitingIn(tx, userId));
    for (const id of started) deps.events.publish(id);
    return started.size;
  };

  return {
    async admit(tx, userId, count) {
      await lockUserQueue(tx, userId);
      const unfinished = await countUnfinished(tx, userId);
      if (unfinished + count > unfinishedCap) throw new AppError('RATE_LIMITED', generationMessages.queueFull(unfinished, unfinishedCap));
    },
    startWaitingIn,
    startWaiting,
    async startAllWaiting() {
      let started = 0;
      for (const userId of await usersWithStartableJobs(db, { running, batchRunning }, 500)) started += await startWaiting(userId);
      return started;
    },
  };
}
