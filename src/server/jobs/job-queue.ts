import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite } from 'pg-boss';
import { queryRows, type Database, type DbOrTx } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import type { JobContext, JobDefinition } from './job.ts';

/** What the queue needs of a job: its name, retry policy and payload schema (not its handler). */
export type QueueOf<TPayload> = Pick<JobDefinition<TPayload, never>, 'name' | 'options' | 'payload' | 'policy'>;

export type JobHandler<TPayload> = (payload: TPayload, job: JobContext) => Promise<void>;

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  tx?: DbOrTx;
  singletonKey?: string;
  startAfterSeconds?: number;
  /** This job's first retry delay instead of its queue's (a configured one); the queue's backoff still applies. */
  retryDelaySeconds?: number;
  /** Workers take higher numbers first, then the oldest (pg-boss's fetch order); default 0. */
  priority?: number;
}

/** An unfinished entry of a queue (docs/operations.md#job-recovery). */
export interface QueueEntry {
  id: string;
  /** The payload field the entry was looked up by. */
  value: string;
  state: 'created' | 'retry' | 'active';
  /**
   * It will still run: it waits for a worker, or a worker holds it and is alive (its heartbeat, or
   * on a queue without heartbeats its expiry, has not run out). An active entry that is not alive
   * belongs to a worker that died.
   */
  alive: boolean;
}

export interface JobQueue {
  /** Creates the queues; must run before send/work. */
  start(): Promise<void>;
  send<TPayload>(job: QueueOf<TPayload>, data: TPayload, options?: SendOptions): Promise<string | null>;
  work<TPayload>(job: QueueOf<TPayload>, handler: JobHandler<TPayload>, options?: { concurrency?: number }): Promise<void>;
  /** The unfinished entries whose payload's `key` is one of `values` (one query). */
  unfinished<TPayload>(
    job: QueueOf<TPayload>,
    key: keyof TPayload & string,
    values: readonly string[],
    options?: { tx?: DbOrTx },
  ): Promise<QueueEntry[]>;
  /** Cancels entries (e.g. those of a dead worker, once they are re-sent) so that pg-boss does not retry them. */
  cancel<TPayload>(job: QueueOf<TPayload>, ids: readonly string[], options?: { tx?: DbOrTx }): Promise<void>;
  /** Runs what is waiting in one queue now, here, then returns (for one-off commands). */
  drain<TPayload>(job: QueueOf<TPayload>, handler: JobHandler<TPayload>): Promise<number>;
  /** Finishes running handlers (up to the timeout), then stops. */
  stop(timeoutMs?: number): Promise<void>;
  /** Throws unless the queue is started and its tables answer (readiness). */
  check(): Promise<void>;
  readonly boss: PgBoss;
}

export interface JobQueueOptions {
  database: Database;
  logger: Logger;
  queues: ReadonlyArray<QueueOf<unknown>>;
  /** Backstop polling; NOTIFY wakes workers at once for new jobs, polling finds retries. */
  pollIntervalSeconds?: number;
}

/** pg-boss's connection option for running a command inside the caller's transaction. */
const onTx = (tx: DbOrTx | undefined) => (tx ? { db: fromDrizzle(tx as Parameters<typeof fromDrizzle>[0], sql) } : {});

/**
 * pg-boss on the same database as everything else: PGlite through its adapter, PostgreSQL with a
 * pool of its own. LISTEN/NOTIFY wakes workers as soon as a job is sent.
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, logger } = options;
  const schema = 'pgboss';
  const common = { useListenNotify: true, schema } as const;
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ ...common, db: fromPglite(database.pglite!), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: database.connectionString!, max: 4 });
  boss.on('error', (err: unknown) => logger.error({ err }, 'job queue error'));

  /** A payload that does not match its schema is a bug, not bad luck: it is logged and not retried. */
  const run = async <TPayload>(
    job: QueueOf<TPayload>,
    handler: JobHandler<TPayload>,
    j: { id: string; retryCount: number; data: unknown; signal: AbortSignal },
  ) => {
    const log = logger.child({ job: { name: job.name, id: j.id, retry: j.retryCount } });
    const payload = job.payload.safeParse(j.data);
    if (!payload.success) {
      log.error({ issues: payload.error.issues }, 'job payload does not match its schema; dropped');
      return;
    }
    const startedAt = performance.now();
    try {
      await handler(payload.data, { id: j.id, retryCount: j.retryCount, signal: j.signal });
      log.info({ ms: Math.round(performance.now() - startedAt) }, 'job done');
    } catch (err) {
      log.warn({ err, ms: Math.round(performance.now() - startedAt) }, 'job failed');
      throw err;
    }
  };

  let started = false;
  return {
    boss,
    async start() {
      if (started) return;
      await boss.start();
      for (const def of options.queues) {
        await boss.createQueue(def.name, { notify: true, ...def.options, ...(def.policy ? { policy: def.policy } : {}) });
        // createQueue leaves an existing queue as it is: bring its options (retries, expiry,
        // heartbeat) up to the definition's, so a change applies from the next start.
        if (Object.keys(def.options).length > 0) await boss.updateQueue(def.name, def.options);
        // pg-boss looks a queue up in its cache on send(); a miss queries the database outside the
        // caller's transaction, which on the single-connection PGlite waits for that very
        // transaction. Reading the queue once here fills the cache before any transactional send.
        await boss.findJobs(def.name, { id: '00000000-0000-0000-0000-000000000000' });
      }
      started = true;
    },
    async send(job, data, sendOptions = {}) {
      const payload = job.payload.parse(data);
      return boss.send(job.name, payload as object, {
        ...onTx(sendOptions.tx),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(sendOptions.retryDelaySeconds !== undefined ? { retryDelay: sendOptions.retryDelaySeconds } : {}),
        ...(sendOptions.priority !== undefined ? { priority: sendOptions.priority } : {}),
      });
    },
    async work(job, handler, workOptions = {}) {
      // One pg-boss worker per slot, each woken again as soon as it finishes a job: with batches of
      // one, pg-boss would otherwise wait out its polling interval between the jobs of a backlog
      // (a queue of quick jobs drained at concurrency ÷ 5 s, whatever the provider's speed).
      for (let slot = 0; slot < (workOptions.concurrency ?? 1); slot++) {
        let workerId: string | undefined = undefined;
        workerId = await boss.work(
          job.name,
          {
            localConcurrency: 1,
            batchSize: 1,
            pollingIntervalSeconds: options.pollIntervalSeconds ?? 2,
            notifyPollingIntervalSeconds: options.pollIntervalSeconds ?? 5,
          },
          async (jobs) => {
            for (const j of jobs) await run(job, handler, j);
            if (workerId) boss.notifyWorker(workerId);
          },
        );
      }
    },
    async unfinished(job, key, values, queryOptions = {}) {
      if (values.length === 0) return [];
      // pg-boss's own clock (job_now) and its own rules: a heartbeat refreshed by the holding worker
      // every heartbeatSeconds / 2, failed by pg-boss's supervisor once heartbeatSeconds pass
      // without one; without heartbeats, expireInSeconds after the start.
      return queryRows<QueueEntry>(
        queryOptions.tx ?? database.db,
        sql`select id::text as id, data ->> ${key} as value, state::text as state,
              (state in ('created', 'retry')
                or case when heartbeat_seconds is null
                     then started_on + expire_seconds * interval '1 second'
                     else heartbeat_on + heartbeat_seconds * interval '1 second'
                   end > ${sql.raw(schema)}.job_now()) as alive
            from ${sql.raw(schema)}.job
            where name = ${job.name} and state < 'completed' and data ->> ${key} = any(${sql.param(values)}::text[])`,
      );
    },
    async cancel(job, ids, cancelOptions = {}) {
      if (ids.length === 0) return;
      await boss.cancel(job.name, [...ids], onTx(cancelOptions.tx));
    },
    async drain(job, handler) {
      let done = 0;
      for (;;) {
        const [j] = await boss.fetch(job.name, { batchSize: 1 });
        if (!j) return done;
        try {
          await run(job, handler, { ...j, signal: AbortSignal.timeout(60_000) });
          await boss.complete(job.name, j.id);
          done++;
        } catch (err) {
          await boss.fail(job.name, j.id, { message: (err as Error).message });
        }
      }
    },
    async check() {
      if (!started) throw new Error('the job queue is not running');
      // Through pg-boss's own connection, which on PostgreSQL is a pool of its own.
      await boss.getQueue(options.queues[0]!.name);
    },
    async stop(timeoutMs = 10_000) {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}
