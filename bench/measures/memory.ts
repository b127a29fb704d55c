import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { serverLaunch } from '#server/lib/server-process.ts';
import {
  benchDatabaseRuns,
  freePort,
  root,
  signIn,
  stopProcess,
  tempDir,
  waitUntilOk,
  type BenchDatabaseRun,
  type Measure,
} from '../lib.ts';
import { residentMb, sampleResidentMemory } from '../rss.ts';

const ADMIN = { email: 'memory-bench@example.com', password: 'memory bench password' };
const BURST = { uploads: 20, width: 6000, height: 6000 } as const;
/** Quiet time before "at rest" is read: start-up work done, nothing asked of the server. */
const SETTLE_MS = 15_000;
const AFTER_BURST_MS = 60_000;
const TARGET_AT_REST_MB: Record<BenchDatabaseRun['label'], number> = { PGlite: 350, PostgreSQL: 250 };

/** A running process's resident memory, whole MB. */
function rssMb(pid: number): number {
  const mb = residentMb(pid);
  if (mb === undefined) throw new Error(`the server (pid ${pid}) is gone`);
  return Math.round(mb);
}

/** The most the process has held since it started (VmHWM). */
function peakMbSinceStart(pid: number): number {
  return Math.round(Number(/^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024);
}

/** A 36-megapixel JPEG (a modern phone's photo) of smooth noise, well under the upload limit. */
async function largePhoto(): Promise<Buffer> {
  const noise = await sharp({
    create: { width: 300, height: 300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .png()
    .toBuffer();
  return sharp(noise).resize(BURST.width, BURST.height).jpeg({ quality: 90 }).toBuffer();
}

async function upload(appUrl: string, cookie: string, photo: Buffer): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${appUrl}/api/uploads`, { method: 'POST', headers: { cookie, origin: appUrl }, body: form });
  await res.arrayBuffer();
  return res.status;
}

/** Waits until the first start's background seeding has filled both galleries. */
async function waitForSeededGalleries(appUrl: string, cookie: string, timeoutMs = 600_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const counts = await Promise.all(
      ['images', 'videos'].map(async (kind) => {
        const res = await fetch(`${appUrl}/api/inspirations/${kind}`, { headers: { cookie } });
        return ((await res.json()) as { inspirations: unknown[] }).inspirations.length;
      }),
    );
    if (counts.every((n) => n > 0)) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`the galleries were not seeded within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server as `npm start` runs it: with the memory settings of src/server/lib/server-process.ts. */
async function serve(dataDir: string, env: Record<string, string>) {
  const port = await freePort();
  const appUrl = `http://localhost:${port}`;
  const launch = serverLaunch(path.join(root, 'src/server/main.ts'), {
    PATH: process.env['PATH'] ?? '',
    HOME: process.env['HOME'] ?? '',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: String(port),
    APP_URL: appUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...env,
  });
  const server = spawn(process.execPath, launch.args, { cwd: root, env: launch.env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitUntilOk(`${appUrl}/api/health`, 120_000);
  } catch (err) {
    await stopProcess(server);
    throw err;
  }
  return { server, pid: server.pid!, appUrl };
}

async function measureOn(run: BenchDatabaseRun, photo: Buffer): Promise<Measure[]> {
  const database = await run.database();
  const dataDir = await tempDir('klipt-bench-memory-');
  try {
    // First start: migrations and the galleries' seeding, once; its figures are for information.
    const first = await serve(dataDir, database.env);
    let firstStart: Record<string, number>;
    try {
      const cookie = await signIn(first.appUrl, ADMIN.email, ADMIN.password);
      const seedSeconds = Math.round((await waitForSeededGalleries(first.appUrl, cookie)) / 1000);
      await pause(SETTLE_MS);
      firstStart = { firstStartPeakMB: peakMbSinceStart(first.pid), firstStartRestMB: rssMb(first.pid), seedSeconds };
    } finally {
      await stopProcess(first.server);
    }

    // A later start, as an installed Klipt runs: at rest, then a burst of large uploads.
    const { server, pid, appUrl } = await serve(dataDir, database.env);
    try {
      const cookie = await signIn(appUrl, ADMIN.email, ADMIN.password);
      await pause(SETTLE_MS);
      const restMb = rssMb(pid);
      const startPeakMb = peakMbSinceStart(pid);

      const sampler = sampleResidentMemory(pid, 50);
      const burstStarted = performance.now();
      const statuses = await Promise.all(Array.from({ length: BURST.uploads }, () => upload(appUrl, cookie, photo)));
      const burstMs = Math.round(performance.now() - burstStarted);
      const peakMb = Math.round(sampler.stop().peakMb);
      const refused = statuses.filter((status) => status !== 201).length;
      if (refused > 0) throw new Error(`${refused} of ${BURST.uploads} uploads were refused: ${statuses.join(', ')}`);

      await pause(AFTER_BURST_MS);
      const afterMb = rssMb(pid);
      const detail = { uploads: BURST.uploads, megapixels: (BURST.width * BURST.height) / 1e6 };
      return [
        {
          name: `RSS at rest, ${run.label}`,
          value: restMb,
          unit: 'MB',
          target: TARGET_AT_REST_MB[run.label],
          better: 'lower',
          detail: { settleSeconds: SETTLE_MS / 1000, startPeakMB: startPeakMb, ...firstStart },
        },
        {
          name: `RSS peak during an upload burst, ${run.label}`,
          value: peakMb,
          unit: 'MB',
          better: 'lower',
          detail: { ...detail, burstMs },
        },
        {
          name: `RSS a minute after an upload burst / at rest, ${run.label}`,
          value: Number((afterMb / restMb).toFixed(2)),
          unit: '×',
          target: 1.2,
          better: 'lower',
          detail: { ...detail, restMB: restMb, afterMB: afterMb },
        },
      ];
    } finally {
      await stopProcess(server);
    }
  } finally {
    await database.cleanUp();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * The real server's resident memory (VmRSS) on each database: at rest on a later start (after the
 * first start's seeding), its peak during 20 concurrent 36-megapixel uploads, and a minute later.
 */
export async function measureMemory(): Promise<Measure[]> {
  const photo = await largePhoto();
  const measures: Measure[] = [];
  for (const run of benchDatabaseRuns()) measures.push(...(await measureOn(run, photo)));
  return measures;
}
