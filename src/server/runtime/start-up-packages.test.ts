import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '#test-support/test-database.ts';

// postgres-pass: driver

const server = path.resolve(import.meta.dirname, '..');
/** Packages a server loads only when its configuration uses them (docs/operations.md#memory). */
const ON_DEMAND = {
  pglite: '/node_modules/@electric-sql/pglite/',
  stripe: '/node_modules/stripe/',
  aws: '/node_modules/@aws-sdk/',
  nodemailer: '/node_modules/nodemailer/',
  fontkit: '/node_modules/fontkit/',
};
type Loaded = Record<keyof typeof ON_DEMAND, boolean>;

const nothing: Loaded = { pglite: false, stripe: false, aws: false, nodemailer: false, fontkit: false };

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'klipt-driver-loading-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * Runs `body` in a Node process of its own that records every module it resolves; returns which of
 * the on-demand packages had been loaded at each `mark(label)` the body calls.
 */
async function packagesLoaded(body: string, env: Record<string, string> = {}): Promise<Record<string, Loaded>> {
  const file = path.join(dir, `probe-${Math.random().toString(36).slice(2)}.ts`);
  await writeFile(
    file,
    `
    import { registerHooks } from 'node:module';
    const loaded = new Set<string>();
    registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); loaded.add(r.url); return r; } });
    const marks: Record<string, Record<string, boolean>> = {};
    const packages: Record<string, string> = ${JSON.stringify(ON_DEMAND)};
    const mark = (label: string) => {
      marks[label] = Object.fromEntries(Object.entries(packages).map(([name, dir]) => [name, [...loaded].some((url) => url.includes(dir))]));
    };
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
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, Loaded>;
}

describe('packages a server loads only when its configuration uses them (docs/operations.md#memory)', () => {
  it('none is part of the start-up graph; each is loaded when it is first used', async () => {
    const marks = await packagesLoaded(
      `
      await import(server + '/db/open-from-config.ts');
      await import(server + '/runtime/runtime.ts');
      await import(server + '/db/migrate.ts');
      mark('imported');
      const { openEmbeddedDatabase } = await import(server + '/db/client.ts');
      const { runMigrations } = await import(server + '/db/migrate.ts');
      const database = await openEmbeddedDatabase({ dataDir: 'memory://' });
      await runMigrations(database);
      await database.close();
      mark('embedded');
      const { verifyStripeWebhook } = await import(server + '/providers/payments/stripe-events.ts');
      await verifyStripeWebhook(Buffer.from('{}'), 't=1,v1=00', 'whsec_test').catch(() => {});
      mark('webhook');
      const { createStorageFromConfig } = await import(server + '/providers/storage/index.ts');
      const { loadConfig } = await import(server + '/config.ts');
      await createStorageFromConfig(loadConfig({ DATA_DIR: '/tmp', S3_BUCKET: 'klipt', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b', S3_REGION: 'auto' }));
      mark('bucket');
      const { createOutboxEmail } = await import(server + '/providers/email/outbox-email.ts');
      const outbox = createOutboxEmail({ dir: process.env.OUTBOX!, from: 'klipt@example.com', logger: { info() {} } as never });
      await outbox.send({ to: 'someone@example.com', subject: 'hello', text: 'hello' });
      mark('email');
      const { inspectFontFile } = await import(server + '/modules/brand-kits/font-file.ts');
      await inspectFontFile(Buffer.concat([Buffer.from('wOF2'), Buffer.alloc(64)])).catch(() => {});
      mark('font');
    `,
      { OUTBOX: path.join(dir, 'outbox') },
    );
    expect(marks['imported']).toEqual(nothing);
    expect(marks['embedded']).toEqual({ ...nothing, pglite: true });
    expect(marks['webhook']).toEqual({ ...nothing, pglite: true, stripe: true });
    expect(marks['bucket']).toEqual({ ...nothing, pglite: true, stripe: true, aws: true });
    expect(marks['email']).toEqual({ ...nothing, pglite: true, stripe: true, aws: true, nodemailer: true });
    expect(marks['font']).toEqual({ pglite: true, stripe: true, aws: true, nodemailer: true, fontkit: true });
  }, 120_000);

  it.runIf(process.env['TEST_DATABASE_URL'])(
    'a runtime on PostgreSQL with local files, no Stripe, no mail sent and no ad or font yet loads none of them',
    async () => {
      const postgres = await createPostgresTestDatabase();
      try {
        const marks = await packagesLoaded(
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
        expect(marks['running']).toEqual(nothing);
      } finally {
        await postgres?.drop();
      }
    },
    120_000,
  );
});
