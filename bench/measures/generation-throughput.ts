import { rm } from 'node:fs/promises';
import pg from 'pg';
import { openPostgresDatabase } from '#server/db/client.ts';
import { prepareDatabase } from '#server/db/open-from-config.ts';
import { ensureVerifiedUser } from '#server/modules/auth/users.ts';
import { measureCpu } from '../cpu.ts';
import { settleBuiltInContent, startKlipt, stopWithin, type KliptProcess } from '../klipt-process.ts';
import { benchPostgres, signIn, tempDir, type Measure } from '../lib.ts';
import { sampleResidentMemory } from '../rss.ts';
import { startSegmindStub, type SegmindStub } from '../segmind-stub.ts';

const PROVIDER_LATENCY_MS = 500;
const LEVELS = [2, 8, 32];
/** Jobs per level: this many times its concurrency, so each worker slot runs several in a row. */
const WAVES = 4;
/**
 * Jobs are spread over users so no one user reaches the generation rate limit (30 a minute each,
 * contracts/limits.ts) across the three levels: no RATE_LIMIT_SCALE needed.
 */
const USERS = 12;
const DRAIN_TIMEOUT_MS = 60_000;
const SESSION_SECRET = 'bench-generation-session-secret-0123456789';

interface Drained {
  seconds: number;
  succeeded: number;
  failed: number;
}

/** Waits until every job finished; the seconds from the first job's start to the last one's success (the database's clock). */
async function drain(client: pg.Client, ids: string[]): Promise<Drained> {
  const deadline = performance.now() + DRAIN_TIMEOUT_MS;
  for (;;) {
    const { rows } = await client.query<{ succeeded: number; failed: number; seconds: number | null }>(
      `select count(*) filter (where status = 'succeeded')::int as succeeded, count(*) filter (where status = 'failed')::int as failed,
         extract(epoch from max(finished_at) - min(started_at))::float8 as seconds
       from generation_jobs where id = any($1::uuid[])`,
      [ids],
    );
    const row = rows[0]!;
    if (row.succeeded + row.failed === ids.length) return { seconds: row.seconds ?? NaN, succeeded: row.succeeded, failed: row.failed };
    if (performance.now() > deadline)
      throw new Error(`${ids.length - row.succeeded - row.failed} of ${ids.length} jobs unfinished after ${DRAIN_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function firstCall(stub: SegmindStub): Promise<void> {
  const deadline = performance.now() + DRAIN_TIMEOUT_MS;
  while (stub.calledAt.length === 0) {
    if (performance.now() > deadline) throw new Error(`the worker called no provider within ${DRAIN_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Image jobs per second of one ROLE=worker process at GENERATION_CONCURRENCY 2, 8 and 32 against a
 * Segmind stub that answers every request after 500 ms: the ideal is concurrency / latency, so the
 * ratio to it shows where Klipt, not the provider, becomes the limit. Each level's jobs are queued
 * through a ROLE=api process (credits reserved, queue entries sent) before its worker starts, and
 * timed from the first job's start to the last one's success (docs/operations.md, "Benchmark").
 */
export async function measureGenerationThroughput(): Promise<Measure[]> {
  const adminUrl = process.env['BENCH_DATABASE_URL'];
  if (!adminUrl) {
    console.log('  skipped: generation throughput needs PostgreSQL (API and worker processes share it); set BENCH_DATABASE_URL');
    return [];
  }
  const dataDir = await tempDir('klipt-bench-generation-');
  const target = await benchPostgres(adminUrl);
  const stub = await startSegmindStub(PROVIDER_LATENCY_MS);
  const client = new pg.Client({ connectionString: target.url });
  const running: KliptProcess[] = [];
  try {
    const database = await openPostgresDatabase({ connectionString: target.url });
    const users: Array<{ email: string; password: string }> = [];
    try {
      await prepareDatabase(database);
      for (let i = 0; i < USERS; i++) {
        const user = { email: `maker-${i}@bench.example`, password: 'bench maker password' };
        await ensureVerifiedUser(database.db, user.email, user.password);
        users.push(user);
      }
    } finally {
      await database.close();
    }
    await client.connect();
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: target.url,
      SESSION_SECRET,
      SEGMIND_API_KEY: 'bench-key',
      SEGMIND_BASE_URL: stub.url,
      WELCOME_CREDITS: '1000',
    };
    await settleBuiltInContent(env);
    const api = await startKlipt({ ...env, ROLE: 'api' });
    running.push(api);
    const cookies: string[] = [];
    for (const user of users) {
      const cookie = await signIn(api.url, user.email, user.password);
      // The first /api/me sets the account up: profile and welcome credits.
      const me = (await (await fetch(`${api.url}/api/me`, { headers: { cookie } })).json()) as { credits?: number };
      if (!me.credits) throw new Error(`bench user ${user.email} has no credits`);
      cookies.push(cookie);
    }
    const models = (await (await fetch(`${api.url}/api/models/standard`, { headers: { cookie: cookies[0]! } })).json()) as {
      models: Array<{ id: string; mode: string }>;
    };
    const model = models.models.find((m) => m.mode === 'text');
    if (!model) throw new Error('no text-to-image standard model');

    const measures: Measure[] = [];
    for (const concurrency of LEVELS) {
      const jobs = concurrency * WAVES;
      const ids = await Promise.all(
        Array.from({ length: jobs }, async (_, i) => {
          const res = await fetch(`${api.url}/api/generations`, {
            method: 'POST',
            headers: { cookie: cookies[i % USERS]!, origin: api.url, 'content-type': 'application/json' },
            body: JSON.stringify({
              modelType: 'standard',
              modelId: model.id,
              prompt: `bench throughput ${concurrency}-${i}`,
              aspectRatio: '1:1',
            }),
          });
          const body = (await res.json()) as { id?: string };
          if (res.status !== 202 || !body.id) throw new Error(`queueing a generation: ${res.status} ${JSON.stringify(body)}`);
          return body.id;
        }),
      );
      stub.reset();
      const worker = await startKlipt({ ...env, ROLE: 'worker', GENERATION_CONCURRENCY: String(concurrency) });
      running.push(worker);
      const memory = sampleResidentMemory(worker.pid);
      // CPU from the first provider call on: the worker's start-up is not part of the throughput.
      await firstCall(stub);
      const cpu = measureCpu({ worker: worker.pid });
      const drained = await drain(client, ids);
      const shares = cpu.stop();
      const rss = memory.stop();
      await stopWithin(worker);
      running.pop();
      if (drained.failed > 0) throw new Error(`${drained.failed} of ${jobs} generations failed at concurrency ${concurrency}`);
      const jobsPerSecond = jobs / drained.seconds;
      const ideal = concurrency / (PROVIDER_LATENCY_MS / 1000);
      measures.push({
        name: `generation throughput at GENERATION_CONCURRENCY=${concurrency} vs ideal (stub ${PROVIDER_LATENCY_MS} ms)`,
        value: Number((jobsPerSecond / ideal).toFixed(2)),
        unit: 'ratio',
        ...(concurrency <= 8 ? { target: 0.8 } : {}),
        better: 'higher',
        detail: {
          jobsPerSecond: Number(jobsPerSecond.toFixed(1)),
          idealJobsPerSecond: ideal,
          jobs,
          seconds: Number(drained.seconds.toFixed(2)),
          providerPeakInFlight: stub.peakInFlight(),
          workerCores: shares.processes['worker'] ?? 0,
          postgresCores: shares.postgres,
          machineCores: shares.machine,
          workerPeakRssMb: Math.round(rss.peakMb),
        },
      });
    }
    return measures;
  } finally {
    for (const server of running.splice(0)) await stopWithin(server);
    await client.end().catch(() => {});
    await stub.close();
    await target.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
