import { loadConfig, withConfig, type Config } from '#server/config.ts';
import { EmbeddedDatabaseBusyError } from '#server/db/embedded-lock.ts';
import { openDatabaseFromConfig } from '#server/db/open-from-config.ts';
import { createLogger } from '#server/lib/logger.ts';
import { loadOrCreateSessionSecret } from '#server/lib/secrets.ts';
import { createRuntime, type Runtime } from '#server/runtime/runtime.ts';

/**
 * Klipt's runtime for a one-off command (no HTTP, no background workers): on a fresh install it
 * creates and migrates the database; while a running server holds the embedded database it stops
 * with a clear message and changes nothing.
 */
export async function openCliRuntime(): Promise<Runtime> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(`✖ ${(err as Error).message}`);
    process.exit(1);
  }
  // A command prints its own lines; the server's info logs would only get in the way.
  const logger = createLogger({ logLevel: config.logLevel === 'info' ? 'warn' : config.logLevel });
  try {
    const database = await openDatabaseFromConfig(config);
    config = withConfig(config, { sessionSecret: config.sessionSecret ?? (await loadOrCreateSessionSecret(config.dataDir)) });
    return await createRuntime({ config, database, logger, http: false });
  } catch (err) {
    if (err instanceof EmbeddedDatabaseBusyError) {
      console.error(`✖ ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
}
