import path from 'node:path';
import type { Config } from '../config.ts';
import { openEmbeddedDatabase, openPostgresDatabase, type Database } from './client.ts';
import { acquireEmbeddedLock } from './embedded-lock.ts';
import { runMigrations } from './migrate.ts';
import { seedStandardModels } from './seed-standard-models.ts';
import { seedTrainedModels } from './seed-trained-models.ts';

/** Opens the configured database, takes the embedded lock when needed, migrates and seeds. */
export async function openDatabaseFromConfig(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    const database = await openPostgresDatabase({ connectionString: config.databaseUrl });
    await prepareDatabase(database);
    return database;
  }
  const release = await acquireEmbeddedLock(config.dataDir);
  try {
    const database = await openEmbeddedDatabase({ dataDir: path.join(config.dataDir, 'db') });
    await prepareDatabase(database);
    return {
      ...database,
      async close() {
        await database.close();
        await release();
      },
    };
  } catch (err) {
    await release();
    throw err;
  }
}

/** Migrations and built-in rows: what every database of Klipt needs before it serves. */
export async function prepareDatabase(database: Database): Promise<void> {
  await runMigrations(database);
  await seedStandardModels(database.db);
  await seedTrainedModels(database.db);
}
