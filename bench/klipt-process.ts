import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { listVideoInspirations } from '#contracts/inspirations.ts';
import { videoInspirationCatalog } from '#server/modules/inspirations/video-catalog.ts';
import { freePort, startServer, waitUntilOk } from './lib.ts';

export interface KliptProcess {
  child: ChildProcess;
  pid: number;
  url: string;
}

/**
 * The production server (`node src/server/main.ts`, NODE_ENV=production, the built web app) on a
 * port of its own on loopback. API roles are waited for until /api/health answers; a worker is
 * returned at once (whether it listens depends on the version, so nothing here relies on it).
 */
export async function startKlipt(
  env: Record<string, string> & { ROLE: 'all' | 'api' | 'worker' },
  options: { stdout?: 'ignore' | 'pipe' } = {},
): Promise<KliptProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startServer(
    { NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), APP_URL: url, LOG_LEVEL: 'warn', ...env },
    options,
  );
  if (child.pid === undefined) throw new Error('the server process did not start');
  const started = { child, pid: child.pid, url };
  if (env.ROLE !== 'worker') {
    try {
      await waitUntilOk(`${url}/api/health`, 120_000, 50);
    } catch (err) {
      await stopWithin(started);
      throw err;
    }
  }
  return started;
}

/** SIGTERM, then SIGKILL when the process has not exited within `ms` (its own shutdown gives up after 20 s). */
export async function stopWithin({ child }: Pick<KliptProcess, 'child'>, ms = 25_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  await exited;
  clearTimeout(timer);
}

/**
 * A worker's first start on an empty database renders the built-in galleries (images, then videos
 * with ffmpeg) in the background: seconds of CPU that would land in the first measure. One worker
 * process runs that to completion here, so the measured processes start the way every later start
 * does.
 */
export async function settleBuiltInContent(env: Record<string, string> & { DATABASE_URL: string }, timeoutMs = 300_000): Promise<number> {
  const started = performance.now();
  const worker = await startKlipt({ ...env, ROLE: 'worker' });
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  try {
    await client.connect();
    for (;;) {
      const { rows } = await client
        .query<{ state: string }>(`select state::text from pgboss.job where name = 'seed-content' order by created_on desc limit 1`)
        .catch(() => ({ rows: [] as Array<{ state: string }> })); // pg-boss's schema may not exist yet
      const state = rows[0]?.state;
      if (state === 'completed') return (performance.now() - started) / 1000;
      if (state === 'failed' || state === 'cancelled') throw new Error(`seeding the built-in galleries ended ${state}`);
      if (performance.now() - started > timeoutMs) throw new Error(`the built-in galleries were not seeded within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await client.end().catch(() => {});
    await stopWithin(worker);
  }
}

/**
 * Waits, through the API, until a server that started on a fresh database has made its built-in
 * video gallery, the last thing its first start renders in the background (ROLE=all; on PGlite no
 * other process can do it first, see settleBuiltInContent): that CPU would otherwise land in the
 * series measured first. Returns the seconds waited.
 */
export async function waitForBuiltInGalleries(appUrl: string, cookie: string, timeoutMs = 300_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const res = await fetch(`${appUrl}${listVideoInspirations.path}`, { headers: { cookie } });
    const made = res.ok ? ((await res.json()) as { inspirations: unknown[] }).inspirations.length : 0;
    if (made >= videoInspirationCatalog.length) return (performance.now() - started) / 1000;
    if (performance.now() - started > timeoutMs) throw new Error(`the built-in galleries were not made within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
