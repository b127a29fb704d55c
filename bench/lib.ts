import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedDatabase, openPostgresDatabase, type Database } from '#server/db/client.ts';
import { createScratchDatabase } from '#test-support/scratch-database.ts';

export { freePort } from '#test-support/free-port.ts';

export const root = path.resolve(import.meta.dirname, '..');

export interface Measure {
  name: string;
  value: number;
  unit: string;
  /** The goal; `better` says which side of it passes. */
  target?: number;
  better: 'lower' | 'higher';
  detail?: Record<string, number | string>;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? NaN;
}

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), prefix));
}

/**
 * Starts the real server process (Node 24 from node_modules) with an environment of its own; its
 * stdout (the JSON log) is dropped unless `stdout: 'pipe'` asks for it (the caller must read it).
 */
export function startServer(env: Record<string, string>, options: { stdout?: 'ignore' | 'pipe' } = {}): ChildProcess {
  return spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', options.stdout ?? 'ignore', 'inherit'],
  });
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

/** Polls a URL until it answers 200; resolves with the elapsed milliseconds. */
export async function waitUntilOk(url: string, timeoutMs = 30_000, intervalMs = 5): Promise<number> {
  const started = performance.now();
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A database of its own on the PostgreSQL server of `BENCH_DATABASE_URL`, dropped by `drop()`. */
export function benchPostgres(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  return createScratchDatabase(adminUrl, `klipt_bench_${process.pid}_${Date.now()}`);
}

/** Signs in through the API like the browser does; the session cookie to send with requests. */
export async function signIn(appUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${appUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: appUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`bench sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** One database a measure runs on: PGlite always, PostgreSQL when BENCH_DATABASE_URL names a server. */
export interface BenchDatabaseRun {
  label: 'PGlite' | 'PostgreSQL';
  /** Makes the database the run seeds and serves (on PostgreSQL, one of its own, dropped by cleanUp). */
  database: () => Promise<{
    open: (dataDir: string) => Promise<Database>;
    env: Record<string, string>;
    /** A server other processes can connect to too; PGlite has none. */
    connectionString?: string;
    cleanUp: () => Promise<void>;
  }>;
}

export function benchDatabaseRuns(): BenchDatabaseRun[] {
  const runs: BenchDatabaseRun[] = [
    {
      label: 'PGlite',
      database: async () => ({
        open: (dataDir) => openEmbeddedDatabase({ dataDir: path.join(dataDir, 'db') }),
        env: {},
        cleanUp: async () => {},
      }),
    },
  ];
  const postgresUrl = process.env['BENCH_DATABASE_URL'];
  if (postgresUrl) {
    runs.push({
      label: 'PostgreSQL',
      database: async () => {
        const created = await benchPostgres(postgresUrl);
        return {
          open: () => openPostgresDatabase({ connectionString: created.url }),
          env: { DATABASE_URL: created.url },
          connectionString: created.url,
          cleanUp: created.drop,
        };
      },
    });
  }
  return runs;
}
