import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, withConfig, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import { EmbeddedDatabaseBusyError } from './db/embedded-lock.ts';
import { openDatabaseFromConfig } from './db/open-from-config.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { allJobs, registerWorkers } from './jobs/registry.ts';
import { createLogger } from './lib/logger.ts';
import { loadOrCreateSessionSecret } from './lib/secrets.ts';
import { createEmailFromConfig } from './providers/email/index.ts';
import { createLocalStorage } from './providers/storage/local-storage.ts';
import { createServices } from './services.ts';
import { pruneRateLimits } from './http/rate-limit.ts';
import { seedContentJob } from './modules/inspirations/jobs.ts';
import { countImageInspirations } from './modules/inspirations/repo.ts';
import { bootstrapSuperAdmin } from './modules/admin/bootstrap.ts';

const startedAt = performance.now();

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`\n✖ Klipt cannot start. ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  let config = readConfig();
  const logger = createLogger(config);
  config = withConfig(config, { sessionSecret: config.sessionSecret ?? (await loadOrCreateSessionSecret(config.dataDir)) });

  let database: Database;
  try {
    database = await openDatabaseFromConfig(config);
  } catch (err) {
    if (err instanceof EmbeddedDatabaseBusyError) {
      console.error(`\n✖ ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const storage = createLocalStorage(path.join(config.dataDir, 'storage'));
  const email = createEmailFromConfig(config, logger);
  const jobs = createJobQueue({ database, logger, definitions: allJobs });
  await jobs.start();

  const deps = { config, database, storage, email, jobs, logger };
  const services = createServices(deps);
  await bootstrapSuperAdmin(database.db, {
    email: config.adminEmail,
    password: config.adminPassword,
    logger,
    setUp: (user) => services.account.setUp(user),
  });
  let recovery: NodeJS.Timeout | undefined;
  let housekeeping: NodeJS.Timeout | undefined;
  if (config.role !== 'api') {
    await registerWorkers(jobs, services, { email, db: database.db, storage, generationConcurrency: config.generationConcurrency });
    // Jobs interrupted by a crash or restart are resumed (or failed and refunded): now, then regularly.
    const recover = () => services.generation.recoverStale().catch((err: unknown) => logger.error({ err }, 'generation recovery failed'));
    void recover();
    recovery = setInterval(() => void recover(), 15_000);
    recovery.unref();
    // Expired rate-limit windows are only bookkeeping: cleared hourly.
    housekeeping = setInterval(() => {
      pruneRateLimits(database.db).catch((err: unknown) => logger.warn({ err }, 'rate-limit pruning failed'));
    }, 3_600_000);
    housekeeping.unref();
    if ((await countImageInspirations(database.db)) === 0) await jobs.send(seedContentJob, {}, { singletonKey: 'seed-content' });
  }

  const app = config.role === 'worker' ? undefined : await buildApp(deps, services);
  if (app) await app.server.listen({ port: config.port, host: config.host });
  logger.info(
    { role: config.role, database: database.kind, ms: Math.round(performance.now() - startedAt) },
    app ? `Klipt is ready at ${config.appUrl}` : 'Klipt worker is ready',
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    try {
      clearInterval(recovery);
      clearInterval(housekeeping);
      await app?.server.close();
      await jobs.stop();
      await database.close();
      logger.info('stopped cleanly');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error('✖ Klipt failed to start:', err);
  process.exit(1);
});
