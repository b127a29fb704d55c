import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabaseFromConfig } from '../src/server/db/open-from-config.ts';
import { loadConfig } from '../src/server/config.ts';
import { users, waitlist } from '../src/server/db/schema/index.ts';
import { isSuperAdmin } from '../src/server/modules/roles/repo.ts';
import { readOutbox } from '../tests/support/mailbox.ts';

const root = path.resolve(import.meta.dirname, '..');
let dataDir: string;

function run(script: string, args: string[], extraEnv: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', script), ...args], {
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...extraEnv },
    encoding: 'utf8',
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

async function withDatabase<T>(fn: (db: Awaited<ReturnType<typeof openDatabaseFromConfig>>) => Promise<T>): Promise<T> {
  const database = await openDatabaseFromConfig(loadConfig({ DATA_DIR: dataDir }));
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'klipt-cli-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run admin:create', () => {
  it('creates and migrates the embedded database on a fresh install and a verified super admin', async () => {
    const result = run('admin-create.ts', ['--email', 'Owner@Example.com', '--password', 'owner password']);
    expect(result.out).toContain('Created super admin owner@example.com');
    expect(result.code).toBe(0);
    await withDatabase(async ({ db }) => {
      const [user] = await db.select().from(users).where(eq(users.email, 'owner@example.com'));
      expect(user?.emailVerified).toBe(true);
      expect(await isSuperAdmin(db, user!.id)).toBe(true);
    });
  });

  it('refuses bad input with a usage line and changes nothing', () => {
    const result = run('admin-create.ts', ['--email', 'not-an-email', '--password', 'x']);
    expect(result.code).toBe(1);
    expect(result.out).toContain('Usage: npm run admin:create');
  });

  it('says clearly that a running server holds the embedded database, and changes nothing', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await writeFile(path.join(dataDir, 'klipt.lock'), String(holder.pid));
      const result = run('admin-create.ts', ['--email', 'intruder@example.com', '--password', 'long enough']);
      expect(result.code).toBe(2);
      expect(result.out).toMatch(/in use by a running Klipt process \(pid \d+\).*nothing was changed/);
    } finally {
      holder.kill();
      await rm(path.join(dataDir, 'klipt.lock'), { force: true });
    }
    await withDatabase(async ({ db }) => {
      expect(await db.select().from(users).where(eq(users.email, 'intruder@example.com'))).toHaveLength(0);
    });
  });
});

describe('npm run waitlist:approve', () => {
  it('approves an entry and emails the invitation link', async () => {
    await withDatabase(async ({ db }) => {
      await db.insert(waitlist).values({ name: 'Invitee', email: 'invitee@example.com' });
    });
    const result = run('waitlist-approve.ts', ['invitee@example.com', 'unknown@example.com']);
    expect(result.out).toContain('Approved invitee@example.com');
    expect(result.out).toContain('unknown@example.com is not on the waitlist');
    expect(result.code).toBe(1);
    await withDatabase(async ({ db }) => {
      const [entry] = await db.select().from(waitlist).where(eq(waitlist.email, 'invitee@example.com'));
      expect(entry?.status).toBe('approved');
    });
    const mail = (await readOutbox(path.join(dataDir, 'outbox'))).find((m) => m.to === 'invitee@example.com');
    expect(mail?.subject).toBe('Your Klipt beta spot is ready');
    expect(mail?.links[0]).toBe('http://localhost:3000/auth/login?invite=1&email=invitee%40example.com');
  });
});
