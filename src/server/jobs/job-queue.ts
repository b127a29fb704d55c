import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type QueueOptions } from 'pg-boss';
import type { Database, DbOrTx } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';

/** A typed job: its queue name, its payload type and the queue's retry policy. */
export interface JobDefinition<TData> {
  readonly name: string;
  readonly options: QueueOptions;
  /** Phantom field carrying the payload type. */
  readonly __data?: TData;
}

export function defineJob<TData>(name: string, options: QueueOptions = {}): JobDefinition<TData> {
  return { name, options };
}

export interface JobContext {
  id: string;
  retryCount: number;
  signal: AbortSignal;
}

export type JobHandler<TData> = (data: TData, job: JobContext) => Promise<void>;

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  tx?: DbOrTx;
  singletonKey?: string;
  startAfterSeconds?: number;
}

export interface JobQueue {
  /** Creates the queues; must run before send/work. */
  start(): Promise<void>;
  send<TData>(job: JobDefinition<TData>, data: TData, options?: SendOptions): Promise<string | null>;
  work<TData>(job: JobDefinition<TData>, handler: JobHandler<TData>, options?: { concurrency?: number }): Promise<void>;
  /** Finishes running handlers (up to the timeout), then stops. */
  stop(timeoutMs?: number): Promise<void>;
  readonly boss: PgBoss;
}

/**
 * pg-boss on the same database as everything else: PGlite through its adapter, PostgreSQL with a
 * pool of its own. LISTEN/NOTIFY wakes workers as soon as a job is sent.
 */
export interface JobQueueOptions {
  database: Database;
  logger: Logger;
  definitions: ReadonlyArray<JobDefinition<unknown>>;
  /** Backstop polling; NOTIFY wakes workers at once for new jobs, polling finds retries. */
  pollIntervalSeconds?: number;
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, logger } = options;
  const common = { useListenNotify: true, schema: 'pgboss' } as const;
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ ...common, db: fromPglite(database.pglite!), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: database.connectionString!, max: 4 });
  boss.on('error', (err: unknown) => logger.error({ err }, 'job queue error'));

  let started = false;
  return {
    boss,
    async start() {
      if (started) return;
      await boss.start();
      for (const def of options.definitions) {
        await boss.createQueue(def.name, { notify: true, ...def.options });
        // pg-boss looks a queue up in its cache on send(); a miss queries the database outside the
        // caller's transaction, which on the single-connection PGlite waits for that very
        // transaction. Reading the queue once here fills the cache before any transactional send.
        await boss.findJobs(def.name, { id: '00000000-0000-0000-0000-000000000000' });
      }
      started = true;
    },
    async send(job, data, sendOptions = {}) {
      const db = sendOptions.tx ? fromDrizzle(sendOptions.tx as Parameters<typeof fromDrizzle>[0], sql) : undefined;
      return boss.send(job.name, data as object, {
        ...(db ? { db } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
      });
    },
    async work(job, handler, workOptions = {}) {
      await boss.work<never>(
        job.name,
        {
          localConcurrency: workOptions.concurrency ?? 1,
          batchSize: 1,
          pollingIntervalSeconds: options.pollIntervalSeconds ?? 2,
          notifyPollingIntervalSeconds: options.pollIntervalSeconds ?? 5,
        },
        async (jobs) => {
          for (const j of jobs) {
            const log = logger.child({ job: { name: job.name, id: j.id, retry: j.retryCount } });
            const startedAt = performance.now();
            try {
              await handler(j.data, { id: j.id, retryCount: j.retryCount, signal: j.signal });
              log.info({ ms: Math.round(performance.now() - startedAt) }, 'job done');
            } catch (err) {
              log.warn({ err, ms: Math.round(performance.now() - startedAt) }, 'job failed');
              throw err;
            }
          }
        },
      );
    },
    async stop(timeoutMs = 10_000) {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}
