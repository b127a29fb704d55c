import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openEmbeddedDatabase, type Database } from './client.ts';

/** PGlite's WebAssembly heap never shrinks, so its memory settings bound what it keeps (docs/operations.md#memory). */
describe('the embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    // Always PGlite (the run's migrated template), whichever database the other tests run on.
    database = await openEmbeddedDatabase({ dataDir: 'memory://', loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]) });
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs with small memory settings instead of a server-sized PostgreSQL default', async () => {
    const settings = await database.pglite!.query<{ name: string; setting: string }>(
      `select name, current_setting(name) as setting from pg_settings
        where name in ('shared_buffers', 'maintenance_work_mem', 'work_mem', 'temp_buffers') order by name`,
    );
    expect(settings.rows).toEqual([
      { name: 'maintenance_work_mem', setting: '16MB' },
      { name: 'shared_buffers', setting: '32MB' },
      { name: 'temp_buffers', setting: '4MB' },
      { name: 'work_mem', setting: '4MB' },
    ]);
  });
});
