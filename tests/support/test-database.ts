import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openEmbeddedDatabase, openPostgresDatabase, type Database } from '#server/db/client.ts';
import { createScratchDatabase } from './scratch-database.ts';

/**
 * A fresh, migrated database for one test file: a PGlite copy of the run's template, or — when
 * TEST_DATABASE_URL is set — a new PostgreSQL database created from the template database.
 */
export async function openTestDatabase(): Promise<Database> {
  const postgres = await createPostgresTestDatabase();
  if (postgres) {
    const database = await openPostgresDatabase({ connectionString: postgres.url, max: 5 });
    return {
      ...database,
      async close() {
        await database.close();
        await postgres.drop();
      },
    };
  }
  const template = await readFile(inject('pgliteTemplate'));
  return openEmbeddedDatabase({ dataDir: 'memory://', loadDataDir: new Blob([template]) });
}

/**
 * A new migrated PostgreSQL database from the run's template, for processes of their own to share
 * (its URL); null unless the run is on PostgreSQL (TEST_DATABASE_URL).
 */
export async function createPostgresTestDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  const pgTemplate = inject('postgresTemplate');
  if (!adminUrl || !pgTemplate) return null;
  return createScratchDatabase(adminUrl, `klipt_test_${randomBytes(6).toString('hex')}`, pgTemplate);
}
