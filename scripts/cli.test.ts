import { GetObjectCommand } from '@aws-sdk/client-s3';
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabaseFromConfig } from '#server/db/open-from-config.ts';
import { loadConfig } from '#server/config.ts';
import { creditTransactions, sandboxSubscriptions, users, waitlist } from '#server/db/schema/index.ts';
import { getBalance } from '#server/modules/credits/ledger.ts';
import { isSuperAdmin } from '#server/modules/roles/repo.ts';
import { personalWorkspaceId } from '#server/modules/workspaces/personal-repo.ts';
import { readOutbox } from '#test-support/mailbox.ts';
import { startS3Server } from '#test-support/s3-server.ts';

// Each test starts whole CLI processes (Node, the app's modules, the embedded database): about 5 s on an idle
// machine, six times that when CI runs every suite at once on two cores.
vi.setConfig({ testTimeout: 120_000 });

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

/** As run(), without blocking this process (for servers the test itself runs, like the bucket). */
async function runInBackground(script: string, args: string[], extraEnv: Record<string, string> = {}) {
  const child = spawn(process.execPath, [path.join(root, 'scripts', script), ...args], {
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...extraEnv },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, out };
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

describe('npm run billing:renew', () => {
  it('renews a sandbox plan through the paid-invoice fulfilment: credits once, a receipt, and a clear refusal without a plan', async () => {
    expect(run('admin-create.ts', ['--email', 'renewer@example.com', '--password', 'renewer password']).code).toBe(0);
    const ids = await withDatabase(async ({ db }) => {
      const [user] = await db.select().from(users).where(eq(users.email, 'renewer@example.com'));
      const start = new Date();
      await db.insert(sandboxSubscriptions).values({
        id: 'sbx_sub_cli',
        userId: user!.id,
        workspaceId: await personalWorkspaceId(db, user!.id),
        customerId: `sbx_cus_${user!.id}`,
        planId: 'starter',
        status: 'active',
        currentPeriodStart: start,
        currentPeriodEnd: new Date(start.getTime() + 30 * 24 * 3600 * 1000),
      });
      return { userId: user!.id, workspaceId: await personalWorkspaceId(db, user!.id) };
    });
    const { userId, workspaceId } = ids;
    const before = await withDatabase(({ db }) => getBalance(db, workspaceId));

    const result = run('billing-renew.ts', ['renewer@example.com', 'planless@example.com']);
    expect(result.out).toContain(`Renewed the plan of renewer@example.com: balance ${before + 125}`);
    expect(result.out).toContain('planless@example.com has no active plan to renew');
    expect(result.code).toBe(1);
    await withDatabase(async ({ db }) => {
      const rows = await db.select().from(creditTransactions).where(eq(creditTransactions.userId, userId));
      expect(rows.filter((r) => r.type === 'purchase').map((r) => r.amount)).toEqual([125]);
    });
    const receipt = (await readOutbox(path.join(dataDir, 'outbox'))).find(
      (m) => m.to === 'renewer@example.com' && m.subject.includes('receipt'),
    );
    expect(receipt?.subject).toBe(
      `Your Klipt receipt: 125 credits (Starter plan — ${new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(new Date())})`,
    );

    expect(run('billing-renew.ts', []).code).toBe(1);
  });
});

describe('npm run storage:migrate', () => {
  it('copies the local store into the configured bucket, and refuses without one', async () => {
    const refused = run('storage-migrate.ts', []);
    expect(refused.out).toContain('set STORAGE_DRIVER=s3 and S3_BUCKET');
    expect(refused.code).toBe(1);

    const s3 = await startS3Server();
    try {
      await mkdir(path.join(dataDir, 'storage', 'avatars', 'u1'), { recursive: true });
      await writeFile(path.join(dataDir, 'storage', 'avatars', 'u1', 'avatar.webp'), 'avatar bytes');
      const result = await runInBackground('storage-migrate.ts', [], s3.env);
      expect(result.out).toContain('✔ avatars/u1/avatar.webp: copied (public)');
      expect(result.out).toMatch(/copied 1, moved 0, already there 0, orphans 0, ignored 0, failed 0/);
      expect(result.code).toBe(0);
      const avatar = await s3.client().send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'public/avatars/u1/avatar.webp' }));
      expect(await avatar.Body?.transformToString()).toBe('avatar bytes');
    } finally {
      await s3.close();
    }
  }, 60_000); // run alone, it creates the embedded database too
});
