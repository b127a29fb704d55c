import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openEmbeddedDatabase, openPostgresDatabase, type Database } from '#server/db/client.ts';
import { prepareDatabase } from '#server/db/open-from-config.ts';
import { createJobQueue } from '#server/jobs/job-queue.ts';
import { allJobs } from '#server/runtime/job-registry.ts';
import { silentLogger } from '#server/lib/logger.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped, migrated PGlite data directory (tar.gz) that each test file loads. */
    pgliteTemplate: string;
    /** Set when tests run on PostgreSQL: the template database each test file copies. */
    postgresTemplate: string | undefined;
  }
}

/** What the server prepares at start, plus pg-boss's own schema, once per test run. */
async function prepare(database: Database): Promise<void> {
  await prepareDatabase(database);
  const jobs = createJobQueue({ database, logger: silentLogger(), queues: allJobs });
  await jobs.start();
  await jobs.stop();
}

export default async function setup(project: TestProject) {
  const cleanups: Array<() => Promise<void>> = [];
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'klipt-test-template-'));
  cleanups.push(() => rm(tmp, { recursive: true, force: true }));

  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (adminUrl) {
    const name = `klipt_template_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openPostgresDatabase({ connectionString: url.toString(), max: 2 });
    await prepare(database);
    await database.close();
    project.provide('postgresTemplate', name);
    cleanups.push(async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    });
  } else {
    project.provide('postgresTemplate', undefined);
  }

  const database = await openEmbeddedDatabase({ dataDir: 'memory://' });
  await prepare(database);
  const dump = await database.pglite!.dumpDataDir('gzip');
  const file = path.join(tmp, 'template.tar.gz');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);

  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
