import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '#test-support/test-database.ts';

// postgres-pass: driver

const server = path.resolve(import.meta.dirname, '..');
const PGLITE = '/node_modules/@electric-sql/pglite/';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'klipt-driver-loading-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * Runs `body` in a Node process of its own that records every module it resolves; returns the
 * files of the embedded engine's package that were loaded, after each `mark(label)` the body calls.
 */
async function embeddedModulesLoaded(body: string, env: Record<string, string> = {}): Promise<Record<string, string[]>> {
  const file = path.join(dir, `probe-${Math.random().toString(36).slice(2)}.ts`);
  await writeFile(
    file,
    `
    import { registerHooks } from 'node:module';
    const loaded = new Set<string>();
    registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); loaded.add(r.url); return r; } });
    const marks: Record<string, string[]> = {};
    const mark = (label: string) => { marks[label] = [...loaded].filter((url) => url.includes(${JSON.stringify(PGLITE)})); };
    const server = ${JSON.stringify(server)};
    ${body}
    console.log(JSON.stringify(marks));
    process.exit(0);
    `,
  );
  const child = spawn(process.execPath, [file], { env: { PATH: process.env['PATH'] ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the probe exited ${code}: ${stderr}`);
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, string[]>;
}

describe('the embedded database engine is loaded only by a process that opens it (docs/operations.md#memory)', () => {
  it('is not part of the server start-up graph, and is loaded when the embedded database is opened', async () => {
    const marks = await embeddedModulesLoaded(`
      await import(server + '/db/open-from-config.ts');
      await import(server + '/runtime/runtime.ts');
      await import(server + '/db/migrate.ts');
      mark('imported');
      const { openEmbeddedDatabase } = await import(server + '/db/client.ts');
      const { runMigrations } = await import(server + '/db/migrate.ts');
      const database = await openEmbeddedDatabase({ dataDir: 'memory://' });
      await runMigrations(database);
      mark('opened');
      await database.close();
    `);
    expect(marks['imported']).toEqual([]);
    expect(marks['opened']!.length).toBeGreaterThan(0);
  }, 120_000);

  it.runIf(process.env['TEST_DATABASE_URL'])(
    'is never loaded by a runtime on PostgreSQL',
    async () => {
      const postgres = await createPostgresTestDatabase();
      try {
        const marks = await embeddedModulesLoaded(
          `
        const { loadConfig } = await import(server + '/config.ts');
        const { createLogger } = await import(server + '/lib/logger.ts');
        const { openDatabaseFromConfig } = await import(server + '/db/open-from-config.ts');
        const { createRuntime } = await import(server + '/runtime/runtime.ts');
        const config = loadConfig();
        const database = await openDatabaseFromConfig(config);
        const runtime = await createRuntime({ config, database, logger: createLogger(config) });
        await runtime.startWorkers({ tasks: false });
        mark('running');
        await runtime.stop({ jobTimeoutMs: 1_000 });
        `,
          {
            DATABASE_URL: postgres!.url,
            DATA_DIR: dir,
            ROLE: 'all',
            LOG_LEVEL: 'silent',
            SESSION_SECRET: 'driver-loading-test-session-secret-0123456789',
            STORE_TOKEN_KEY: Buffer.alloc(32, 7).toString('base64'),
          },
        );
        expect(marks['running']).toEqual([]);
      } finally {
        await postgres?.drop();
      }
    },
    120_000,
  );
});
