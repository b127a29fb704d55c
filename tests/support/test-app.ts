import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { silentLogger } from '#server/lib/logger.ts';
import { createOutboxEmail } from '#server/providers/email/outbox-email.ts';
import { createRuntime, type Runtime, type RuntimeDeps } from '#server/runtime/runtime.ts';
import { openTestDatabase } from './test-database.ts';

export const TEST_APP_URL = 'http://localhost:3000';
/** Browsers send this on every state-changing request; the API refuses foreign ones. */
export const SAME_ORIGIN = { origin: TEST_APP_URL } as const;

export interface TestContext extends Omit<Runtime, 'app'> {
  app: NonNullable<Runtime['app']>;
  dataDir: string;
  outboxDir: string;
  close(): Promise<void>;
}

export interface TestContextOptions {
  env?: Record<string, string>;
  /** Run job handlers in this process (default true). */
  workers?: boolean;
  rateLimits?: boolean;
  /** Worker tasks to run on their schedule (by name); none by default, as tests drive them by hand. */
  tasks?: readonly string[];
  /**
   * Another context's database, to play a second process on it (a restart, another instance).
   * This context leaves it open; its owner closes it.
   */
  database?: Database;
  deps?: Partial<Pick<RuntimeDeps, 'ai' | 'email' | 'storage' | 'liveProgress'>>;
}

/** The whole server, built by the same runtime as production, on a fresh database and a temporary data folder; call close() after. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const { runtime, dataDir, outboxDir, close } = await startTestRuntime(options);
  if (!runtime.app) throw new Error('the test runtime serves HTTP (ROLE must not be worker)');
  // Recovery and housekeeping are driven by hand where a test is about them.
  if (options.workers !== false) await runtime.startWorkers({ tasks: options.tasks ?? false });
  return { ...runtime, app: runtime.app, dataDir, outboxDir, close };
}

export interface TestWorker extends Omit<Runtime, 'app'> {
  dataDir: string;
  outboxDir: string;
  close(): Promise<void>;
}

/**
 * A worker-only instance (ROLE=worker: the job handlers, no HTTP application), mostly on another
 * context's database, to play a separate worker process beside an API instance; call close() after.
 */
export async function createTestWorker(options: Omit<TestContextOptions, 'workers'> = {}): Promise<TestWorker> {
  const { runtime, dataDir, outboxDir, close } = await startTestRuntime({ ...options, env: { ...options.env, ROLE: 'worker' } });
  await runtime.startWorkers({ tasks: options.tasks ?? false });
  return { ...runtime, dataDir, outboxDir, close };
}

async function startTestRuntime(options: TestContextOptions) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'klipt-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: TEST_APP_URL,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-1234',
    STORE_TOKEN_KEY: 'dGVzdC1zdG9yZS10b2tlbi1rZXktb2YtMzItYnl0ZXM=',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...options.env,
  });
  const logger = silentLogger();
  const outboxDir = path.join(dataDir, 'outbox');
  const runtime = await createRuntime({
    config,
    database: options.database ? { ...options.database, close: async () => {} } : await openTestDatabase(),
    logger,
    email: createOutboxEmail({ dir: outboxDir, from: config.emailFrom, logger }),
    rateLimitsDisabled: options.rateLimits === false,
    jobPollIntervalSeconds: 0.5,
    ...options.deps,
  });
  return {
    runtime,
    dataDir,
    outboxDir,
    close: async () => {
      await runtime.stop({ jobTimeoutMs: 2_000 });
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
