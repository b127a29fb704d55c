import { ConfigError, loadConfig, withConfig, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import { EmbeddedDatabaseBusyError } from './db/embedded-lock.ts';
import { openDatabaseFromConfig } from './db/open-from-config.ts';
import { createLogger } from './lib/logger.ts';
import { loadOrCreateSecrets } from './lib/secrets.ts';
import { createRuntime } from './runtime/runtime.ts';

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
  const secrets = config.sessionSecret && config.stores.tokenKey ? undefined : await loadOrCreateSecrets(config.dataDir);
  config = withConfig(config, {
    sessionSecret: config.sessionSecret ?? secrets!.sessionSecret,
    stores: { ...config.stores, tokenKey: config.stores.tokenKey ?? Buffer.from(secrets!.storeTokenKey, 'base64') },
  });

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

  const runtime = await createRuntime({ config, database, logger });
  await runtime.services.admin.bootstrap(config.adminEmail, config.adminPassword);
  if (config.role !== 'api') await runtime.startWorkers();
  // Workers sweep temporary files at start and hourly; an API-only process (uploads) once, at start.
  else void runtime.services.tempFiles.sweep().catch((err: unknown) => logger.error({ err }, 'temporary files not swept'));
  if (runtime.server) await runtime.server.listen({ port: config.port, host: config.host });
  logger.info(
    { role: config.role, database: database.kind, ms: Math.round(performance.now() - startedAt) },
    runtime.app ? `Klipt is ready at ${config.appUrl}` : 'Klipt worker is ready',
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Jobs and requests get SHUTDOWN_TIMEOUT_SECONDS; closing the rest gets a few more.
    const force = setTimeout(() => {
      logger.error('shutdown took too long: exiting anyway');
      process.exit(1);
    }, config.shutdownTimeoutMs + 5_000);
    force.unref();
    try {
      await runtime.stop({ jobTimeoutMs: config.shutdownTimeoutMs });
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
