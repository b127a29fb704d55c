import { loadConfig, type Config } from '../src/server/config.ts';
import type { Database } from '../src/server/db/client.ts';
import { EmbeddedDatabaseBusyError } from '../src/server/db/embedded-lock.ts';
import { openDatabaseFromConfig } from '../src/server/db/open-from-config.ts';

/**
 * Opens the configured database for a one-off command: on a fresh install it creates and migrates
 * it; while a running server holds the embedded database it stops with a clear message and
 * changes nothing.
 */
export async function openCliDatabase(): Promise<{ config: Config; database: Database }> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(`✖ ${(err as Error).message}`);
    process.exit(1);
  }
  try {
    return { config, database: await openDatabaseFromConfig(config) };
  } catch (err) {
    if (err instanceof EmbeddedDatabaseBusyError) {
      console.error(`✖ ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
}
