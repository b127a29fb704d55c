import type { FastifyInstance } from 'fastify';
import { buildApp, type App } from '../app.ts';
import { buildProbeServer } from '../http/probe-server.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createJobQueue, type JobQueue } from '../jobs/job-queue.ts';
import type { Logger } from '../lib/logger.ts';
import { createRenderPool, type RenderPool } from '../lib/render-pool.ts';
import { billingStartNotice } from '../modules/billing/start-notice.ts';
import { createAiProviders, type AiProviders } from '../providers/ai/index.ts';
import type { EmailSender } from '../providers/email/email.ts';
import type { PaymentProvider } from '../providers/payments/payment-provider.ts';
import { createEmailFromConfig } from '../providers/email/index.ts';
import { createStorageFromConfig } from '../providers/storage/index.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { allJobs, workerTasks } from './job-registry.ts';
import { registerAllRoutes } from './routes.ts';
import { createServices, type JobNeeds, type LiveProgressTiming, type Services } from './services.ts';

/** What the process is made of; everything but config, database and logger defaults from the config. */
export interface RuntimeDeps {
  config: Config;
  /** Opened and migrated by the caller; the runtime closes it in stop(). */
  database: Database;
  logger: Logger;
  storage?: Storage;
  email?: EmailSender;
  /** Defaults to the providers the configuration names, local pictures drawn in the runtime's render pool. */
  ai?: AiProviders;
  /** Defaults to the payment provider the billing configuration names. */
  payments?: PaymentProvider | null;
  /** Tests that are not about limits switch them off. */
  rateLimitsDisabled?: boolean;
  /** The job queue's backstop polling (NOTIFY wakes workers at once; polling finds retries). */
  jobPollIntervalSeconds?: number;
  /** The pace of live-progress streams (docs/operations.md#live-progress-streams). */
  liveProgress?: LiveProgressTiming;
  /** Build the HTTP application (default: unless ROLE=worker); one-off commands need none. */
  http?: boolean;
}

export interface Runtime {
  config: Config;
  database: Database;
  logger: Logger;
  storage: Storage;
  email: EmailSender;
  jobs: JobQueue;
  services: Services;
  /** Where local pictures and videos, exports and ads are rendered (RENDER_THREADS threads, ADR 0028). */
  renderPool: RenderPool;
  /** The HTTP application; null in a worker-only process (ROLE=worker) and in commands. */
  app: App | null;
  /**
   * What listens on PORT: the application, or in a worker process (ROLE=worker) the probe server
   * that answers /api/health and /api/ready only; null in commands.
   */
  server: FastifyInstance | null;
  /**
   * Attaches every job handler (ROLE=all or worker) and starts the worker tasks: recovery,
   * housekeeping and the first-start gallery seeding. Tests and benchmarks that drive those by
   * hand (or must not render the galleries) leave the tasks out, or name the ones they want.
   */
  startWorkers(options?: { tasks?: boolean | readonly string[] }): Promise<void>;
  /** Runs the jobs already waiting in the queues of these definitions, here and now (one-off commands). */
  runQueued(names: readonly string[]): Promise<number>;
  /**
   * Drains, then closes the database: readiness answers 503 at once, the server stops accepting and
   * finishes its requests (live-progress streams end; browsers follow the job elsewhere), running
   * jobs get `jobTimeoutMs` to finish (those that do not are resumed by another worker's recovery).
   */
  stop(options?: { jobTimeoutMs?: number }): Promise<void>;
}

/**
 * The one way Klipt's process is put together: the server, the tests, the benchmarks and the
 * command-line tools all build it here, so they run what production runs.
 */
export async function createRuntime(deps: RuntimeDeps): Promise<Runtime> {
  const { config, database, logger } = deps;
  const storage = deps.storage ?? (await createStorageFromConfig(config));
  const email = deps.email ?? createEmailFromConfig(config, logger);
  const jobs = createJobQueue({
    database,
    logger,
    queues: allJobs,
    ...(deps.jobPollIntervalSeconds ? { pollIntervalSeconds: deps.jobPollIntervalSeconds } : {}),
  });
  await jobs.start();
  // Threads start on first use. Exports and ads always render there; callers that pass `ai` bring their own image renderers.
  const renderPool = createRenderPool({ threads: config.renderThreads });
  // Stripe's SDK (two hundred modules) is loaded only when billing goes through it (docs/operations.md#memory).
  const payments =
    deps.payments === undefined && config.billing.mode === 'stripe'
      ? (await import('../providers/payments/stripe-payment-provider.ts')).createStripePaymentProvider(config.billing.stripe!)
      : deps.payments;
  const services = createServices({
    config,
    database,
    storage,
    jobs,
    logger,
    ai: deps.ai ?? createAiProviders(config, { renderPool }),
    renderPool,
    ...(payments !== undefined ? { payments } : {}),
    rateLimitsDisabled: deps.rateLimitsDisabled ?? false,
    ...(deps.liveProgress ? { liveProgress: deps.liveProgress } : {}),
  });
  const billingNotice = billingStartNotice(config.billing);
  if (billingNotice)
    logger[billingNotice.level]({ billingMode: config.billing.mode, realMoney: config.billing.realMoney }, billingNotice.message);
  const needs: JobNeeds = { ...services, email };
  const app = !(deps.http ?? config.role !== 'worker')
    ? null
    : await buildApp({
        config,
        logger,
        sessions: services.sessions,
        api: services.api,
        mediaRoot: storage.localRoot,
        fileAccess: services.mediaFileAccess,
        pageHead: (page) => services.klipSharePreview.pageHead(page),
        registerRoutes: (router) => registerAllRoutes(router, services, config),
      });

  const probe = !app && config.role === 'worker' && deps.http === undefined ? buildProbeServer({ health: services.health, logger }) : null;

  const timers: NodeJS.Timeout[] = [];
  const runTask = (task: (typeof workerTasks)[number]) =>
    task.run(needs).catch((err: unknown) => logger.error({ err, task: task.name }, 'worker task failed'));

  return {
    config,
    database,
    logger,
    storage,
    email,
    jobs,
    services,
    renderPool,
    app,
    server: app?.server ?? probe,
    async startWorkers(options = {}) {
      for (const job of allJobs) {
        await jobs.work(job, (payload, context) => job.handler(payload, needs, context), { concurrency: job.concurrency?.(config) ?? 1 });
      }
      if (options.tasks === false) return;
      const wanted = Array.isArray(options.tasks) ? new Set(options.tasks) : null;
      for (const task of workerTasks.filter((t) => !wanted || wanted.has(t.name))) {
        if (task.atStart) void runTask(task);
        if (task.everySeconds) {
          const timer = setInterval(() => void runTask(task), task.everySeconds * 1000);
          timer.unref();
          timers.push(timer);
        }
      }
    },
    async runQueued(names) {
      let done = 0;
      for (const job of allJobs.filter((j) => names.includes(j.name))) {
        done += await jobs.drain(job, (payload, context) => job.handler(payload, needs, context));
      }
      return done;
    },
    async stop(options = {}) {
      services.health.startDraining();
      for (const timer of timers) clearInterval(timer);
      await app?.server.close();
      await jobs.stop(options.jobTimeoutMs);
      await probe?.close();
      await services.generationEvents.close();
      await renderPool.close();
      await database.close();
    },
  };
}
