import type { GenerationJob } from '#contracts/generation.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { GenerationEvents } from './events.ts';
import { findJobsByIds, type JobRow } from './repo.ts';

export type JobListener = (job: GenerationJob) => void;

/**
 * One per process: what every open live-progress stream of this process watches
 * (docs/operations.md#live-progress-streams). A watched job is read when the events say it changed
 * (this process's changes, and on PostgreSQL every instance's through NOTIFY). Besides, ONE query
 * per tick reads all watched jobs: every `pollMs` while other instances' changes cannot reach the
 * events (PGlite, or the listening connection down), only every `backstopMs` while they can. Each
 * change is read and serialised once and handed to every listener of that job, so the database
 * work does not grow with the number of streams.
 */
export interface GenerationWatcher {
  /** Calls `listener` with the job whenever it changes (and with the latest known state at once); returns the unwatch function. */
  watch(jobId: string, listener: JobListener): () => void;
  /** Reads every watched job now, in one query (the timer's tick). */
  poll(): Promise<void>;
}

export interface WatcherDeps {
  db: DbOrTx;
  events: GenerationEvents;
  logger: Logger;
  /** A job as the API shows it (a succeeded job with its klip). */
  serialize: (row: JobRow) => Promise<GenerationJob>;
  /** Default 1 s. */
  pollMs?: number;
  /** Default 10 s; rounded to a whole number of `pollMs` ticks. */
  backstopMs?: number;
  /** The tick's read; tests wrap it to count. */
  findJobs?: (db: DbOrTx, ids: readonly string[]) => Promise<JobRow[]>;
}

interface Watched {
  listeners: Set<JobListener>;
  /** What was last handed out: the row's updatedAt, status and progress. */
  seen: string | null;
  latest: GenerationJob | null;
  unsubscribe: () => void;
}

const signature = (row: JobRow) => `${row.updatedAt.getTime()}|${row.status}|${row.progress}`;

export function createGenerationWatcher(deps: WatcherDeps): GenerationWatcher {
  const findJobs = deps.findJobs ?? findJobsByIds;
  const pollMs = deps.pollMs ?? 1_000;
  const backstopTicks = Math.max(1, Math.round((deps.backstopMs ?? 10_000) / pollMs));
  const watched = new Map<string, Watched>();
  let timer: NodeJS.Timeout | null = null;

  // Reads are serialised: one at a time, and what was asked for meanwhile is read right after.
  let reading: Promise<void> | null = null;
  let pendingAll = false;
  const pendingIds = new Set<string>();

  const check = async (ids: string[]) => {
    if (ids.length === 0) return;
    const rows = await findJobs(deps.db, ids);
    for (const row of rows) {
      const entry = watched.get(row.id);
      if (!entry || entry.seen === signature(row)) continue;
      entry.seen = signature(row);
      const job = await deps.serialize(row);
      entry.latest = job;
      for (const listener of entry.listeners) listener(job);
    }
  };

  const drain = async () => {
    while (pendingAll || pendingIds.size > 0) {
      const ids = pendingAll ? [...watched.keys()] : [...pendingIds].filter((id) => watched.has(id));
      pendingAll = false;
      pendingIds.clear();
      try {
        await check(ids);
      } catch (err) {
        deps.logger.warn({ err }, 'generation watcher: read failed');
      }
    }
    reading = null;
  };

  const request = (id?: string) => {
    if (id === undefined) pendingAll = true;
    else pendingIds.add(id);
    reading ??= drain();
    return reading;
  };

  // While NOTIFY reaches the events, most ticks do nothing: the backstop reads every backstopTicks-th.
  let ticksSinceRead = 0;
  const tick = () => {
    if (deps.events.hearsOtherInstances() && ++ticksSinceRead < backstopTicks) return;
    ticksSinceRead = 0;
    void request();
  };

  return {
    watch(jobId, listener) {
      let entry = watched.get(jobId);
      if (!entry) {
        entry = {
          listeners: new Set<JobListener>(),
          seen: null,
          latest: null,
          unsubscribe: deps.events.subscribe(jobId, () => void request(jobId)),
        };
        watched.set(jobId, entry);
        // A change since the caller read the job would otherwise wait for the next change or the slow backstop.
        if (deps.events.hearsOtherInstances()) void request(jobId);
      }
      entry.listeners.add(listener);
      const { listeners, latest } = entry;
      if (latest) queueMicrotask(() => listeners.has(listener) && listener(latest));
      if (!timer) {
        ticksSinceRead = 0;
        timer = setInterval(tick, pollMs);
        timer.unref();
      }
      return () => {
        const current = watched.get(jobId);
        if (!current?.listeners.delete(listener) || current.listeners.size > 0) return;
        current.unsubscribe();
        watched.delete(jobId);
        if (watched.size === 0 && timer) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
    poll: () => request(),
  };
}
