import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';
import { createJobQueue, type JobQueue } from '../../src/server/jobs/job-queue.ts';
import { allJobs, registerWorkers } from '../../src/server/jobs/registry.ts';
import { silentLogger } from '../../src/server/lib/logger.ts';
import type { EmailSender } from '../../src/server/providers/email/email.ts';
import { createOutboxEmail } from '../../src/server/providers/email/outbox-email.ts';
import { createLocalStorage } from '../../src/server/providers/storage/local-storage.ts';
import type { Storage } from '../../src/server/providers/storage/storage.ts';
import { createServices, type AppDeps, type Services } from '../../src/server/services.ts';
import { openTestDatabase } from './test-database.ts';

export const TEST_APP_URL = 'http://localhost:3000';
/** Browsers send this on every state-changing request; the API refuses foreign ones. */
export const SAME_ORIGIN = { origin: TEST_APP_URL } as const;

export interface TestContext {
  config: Config;
  database: Database;
  storage: Storage;
  email: EmailSender;
  jobs: JobQueue;
  services: Services;
  app: App;
  dataDir: string;
  outboxDir: string;
  close(): Promise<void>;
}

export interface TestContextOptions {
  env?: Record<string, string>;
  email?: EmailSender;
  /** Run job handlers in this process (default true). */
  workers?: boolean;
  rateLimits?: boolean;
  deps?: Partial<AppDeps>;
}

/** The whole server on a fresh database and a temporary data folder; call close() after. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'klipt-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: TEST_APP_URL,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-1234',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...options.env,
  });
  const logger = silentLogger();
  const database = await openTestDatabase();
  const outboxDir = path.join(dataDir, 'outbox');
  const email = options.email ?? createOutboxEmail({ dir: outboxDir, from: config.emailFrom, logger });
  const storage = createLocalStorage(path.join(dataDir, 'storage'));
  const jobs = createJobQueue({ database, logger, definitions: allJobs, pollIntervalSeconds: 0.5 });
  await jobs.start();
  const deps: AppDeps = {
    config,
    database,
    storage,
    email,
    jobs,
    logger,
    rateLimitsDisabled: options.rateLimits === false,
    ...options.deps,
  };
  const services = createServices(deps);
  if (options.workers !== false) await registerWorkers(jobs, services, { email, db: database.db, storage, generationConcurrency: 2 });
  const app = await buildApp(deps, services);

  return {
    config,
    database,
    storage,
    email,
    jobs,
    services,
    app,
    dataDir,
    outboxDir,
    async close() {
      await app.server.close();
      await jobs.stop(2_000);
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
