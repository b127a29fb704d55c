import type { AdminStats } from '#contracts/admin-stats.ts';
import { prepareDatabase } from '#server/db/open-from-config.ts';
import {
  benchDatabaseRuns,
  freePort,
  percentile,
  signIn,
  startServer,
  stopProcess,
  tempDir,
  waitUntilOk,
  type BenchDatabaseRun,
  type Measure,
} from '../lib.ts';
import { seedPlatform } from '../seed-admin-stats.ts';

const SEED = { users: 10_000, klips: 100_000, ledgerRows: 300_000 };
const TARGET_MS = 50;
const WARM_UP = 10;
const SAMPLES = 100;
const ENDPOINTS = ['/api/admin/stats', '/api/admin/credit-stats', '/api/admin/daily-activity'] as const;
const ADMIN = { email: 'admin@bench.example', password: 'bench admin password' };

/** Milliseconds per request, one at a time (an admin opening God Mode), through the real server. */
async function latencies(url: string, cookie: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  return times;
}

async function measureOn(run: BenchDatabaseRun): Promise<Measure[]> {
  const dataDir = await tempDir('klipt-bench-admin-stats-');
  const target = await run.database();
  try {
    const seedStarted = performance.now();
    const database = await target.open(dataDir);
    try {
      await prepareDatabase(database);
      await seedPlatform(database, SEED);
    } finally {
      await database.close();
    }
    const seedSeconds = Number(((performance.now() - seedStarted) / 1000).toFixed(1));
    return await serveAndMeasure(run.label, dataDir, target.env, seedSeconds);
  } finally {
    await target.cleanUp();
  }
}

async function serveAndMeasure(
  label: BenchDatabaseRun['label'],
  dataDir: string,
  env: Record<string, string>,
  seedSeconds: number,
): Promise<Measure[]> {
  const port = await freePort();
  const appUrl = `http://localhost:${port}`;
  // An API-only process (no workers rendering the galleries meanwhile); ADMIN_EMAIL makes the admin.
  const app = startServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    APP_URL: appUrl,
    ROLE: 'api',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...env,
  });
  try {
    await waitUntilOk(`${appUrl}/api/health`, 120_000);
    const cookie = await signIn(appUrl, ADMIN.email, ADMIN.password);
    const stats = (await (await fetch(`${appUrl}/api/admin/stats`, { headers: { cookie } })).json()) as AdminStats;
    if (stats.totalUsers !== SEED.users + 1 || stats.totalImages !== SEED.klips) {
      throw new Error(`unexpected statistics for the seed: ${JSON.stringify(stats)}`);
    }
    const measures: Measure[] = [];
    for (const endpoint of ENDPOINTS) {
      const times = await latencies(`${appUrl}${endpoint}`, cookie);
      measures.push({
        name: `GET ${endpoint} p50, ${SEED.users} users, ${SEED.klips} klips, ${SEED.ledgerRows} ledger rows, ${label}`,
        value: Number(percentile(times, 50).toFixed(1)),
        unit: 'ms',
        // The goal is set for PostgreSQL; PGlite (one embedded, single-threaded engine) is for information.
        ...(label === 'PostgreSQL' ? { target: TARGET_MS } : {}),
        better: 'lower',
        detail: {
          p99: Number(percentile(times, 99).toFixed(1)),
          min: Number(Math.min(...times).toFixed(1)),
          samples: SAMPLES,
          seedSeconds,
        },
      });
    }
    return measures;
  } finally {
    await stopProcess(app);
  }
}

/**
 * God Mode's three statistics endpoints on a platform of 10,000 users, 100,000 klips and 300,000
 * ledger rows (bench/seed-admin-stats.ts): p50 and p99 latency of sequential requests through the
 * real server, against 50 ms on PostgreSQL (BENCH_DATABASE_URL); on PGlite for information.
 */
export async function measureAdminStats(): Promise<Measure[]> {
  const runs = benchDatabaseRuns();
  const measures: Measure[] = [];
  for (const run of runs) measures.push(...(await measureOn(run)));
  return measures;
}
