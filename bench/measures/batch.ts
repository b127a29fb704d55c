import { rm } from 'node:fs/promises';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Batch, BatchItem } from '#contracts/batches.ts';
import { exportKlipPath, type ExportPresetId } from '#contracts/exports.ts';
import { queryRows } from '#server/db/client.ts';
import { prepareDatabase } from '#server/db/open-from-config.ts';
import { ensureVerifiedUser } from '#server/modules/auth/users.ts';
import { startKlipt, stopWithin } from '../klipt-process.ts';
import { benchDatabaseRuns, percentile, signIn, tempDir, type BenchDatabaseRun, type Measure } from '../lib.ts';

const ITEMS = 50;
const PHOTO_SIZE = 512;
/** Both at their defaults, set here so the figures say what they were measured with. */
const BATCH_RUNNING_PER_USER = 2;
const GENERATION_CONCURRENCY = 2;
/** The default on this bench's two-core machines (CPUs − 1). */
const RENDER_THREADS = Math.max(1, os.availableParallelism() - 1);
const USER = { email: 'batch-bench@example.com', password: 'batch bench password' };
const SESSION_SECRET = 'bench-batch-session-secret-0123456789abc';
const POLL_MS = 100;
const BATCH_TIMEOUT_MS = 15 * 60_000;
const SEED_TIMEOUT_MS = 600_000;

/** One worker log line per finished image (src/server/modules/generation/image-run.ts). */
interface ImageGenerated {
  generation: string;
  provider: string;
  providerMs: number;
  runMs: number;
  stagesMs: { before: number; save: number; after: number };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Distinct product photos: each its own colour with a lighter square, PNG as sellers upload them. */
function productPhoto(i: number): Promise<Buffer> {
  const hue = Math.round((i * 360) / ITEMS);
  const square = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_SIZE}" height="${PHOTO_SIZE}">` +
      `<rect x="${96 + i}" y="128" width="256" height="256" rx="24" fill="hsl(${(hue + 180) % 360},70%,70%)"/></svg>`,
  );
  return sharp({ create: { width: PHOTO_SIZE, height: PHOTO_SIZE, channels: 3, background: `hsl(${hue},60%,40%)` } })
    .composite([{ input: square }])
    .png()
    .toBuffer();
}

async function api<T>(url: string, cookie: string, init: { method?: string; body?: unknown; form?: FormData } = {}): Promise<T> {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { cookie, origin: new URL(url).origin, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${new URL(url).pathname}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The first start renders the built-in galleries in the background (videos last, all at once): wait it out. */
async function waitForSeededGalleries(appUrl: string, cookie: string): Promise<void> {
  const started = performance.now();
  for (;;) {
    const counts = await Promise.all(
      ['images', 'videos'].map(
        async (kind) => (await api<{ inspirations: unknown[] }>(`${appUrl}/api/inspirations/${kind}`, cookie)).inspirations.length,
      ),
    );
    if (counts.every((n) => n > 0)) return;
    if (performance.now() - started > SEED_TIMEOUT_MS) throw new Error(`the galleries were not seeded within ${SEED_TIMEOUT_MS} ms`);
    await pause(500);
  }
}

/** Every item of the batch, page by page. */
async function allItems(appUrl: string, cookie: string, batchId: string): Promise<BatchItem[]> {
  const items: BatchItem[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: BatchItem[]; nextCursor: string | null } = await api(
      `${appUrl}/api/batches/${batchId}/items${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      cookie,
    );
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

/**
 * The dispatcher's hand-off: each job started after the first `slots` began when an earlier one
 * finished and freed its slot, so the k-th start (in time order) pairs with the (k − slots)-th finish.
 */
function handOffs(jobs: Array<{ startedMs: number; finishedMs: number }>, slots: number): number[] {
  const starts = jobs.map((j) => j.startedMs).sort((a, b) => a - b);
  const finishes = jobs.map((j) => j.finishedMs).sort((a, b) => a - b);
  return starts.slice(slots).map((start, k) => start - finishes[k]!);
}

const ms = (value: number) => Number(value.toFixed(1));

/** Samples of the signed-in collections page taken idle, to compare with those taken while the batch runs. */
const IDLE_SAMPLES = 300;
/** The page's p99 while a batch runs, as a multiple of its idle p99 (issue 32: CPU-heavy work off the event loop). */
const BUSY_P99_TARGET = 2;

/**
 * One probe request per this many ms: a user's pace, not a load test — back-to-back requests would keep PGlite (on
 * the server's event loop) busy and inflate the batch's own per-item figures measured in the same run.
 */
const PROBE_EVERY_MS = 25;

/** Exports made beside the batch (issue 32: "while a 50-item batch and 10 exports run"): two klips × five frame presets, all at once. */
const EXPORT_PRESETS: readonly ExportPresetId[] = ['amazon-main', 'shopify-product', 'etsy-listing', 'instagram-post', 'story'];
const EXPORT_KLIPS = 2;
const EXPORTS = EXPORT_KLIPS * EXPORT_PRESETS.length;

/** Once the batch has `EXPORT_KLIPS` klips, asks for EXPORTS marketplace exports of them at once; resolves with each one's time. */
async function exportsBesideTheBatch(appUrl: string, cookie: string, batchId: string, running: () => boolean): Promise<number[]> {
  let klipIds: string[] = [];
  while (klipIds.length < EXPORT_KLIPS) {
    if (!running()) throw new Error(`the batch ended before ${EXPORT_KLIPS} of its items had a klip to export`);
    await pause(POLL_MS);
    const batch = await api<Batch>(`${appUrl}/api/batches/${batchId}`, cookie);
    if (batch.counts.succeeded < EXPORT_KLIPS) continue;
    klipIds = (await allItems(appUrl, cookie, batchId)).flatMap((item) => (item.klip ? [item.klip.id] : [])).slice(0, EXPORT_KLIPS);
  }
  return Promise.all(
    klipIds.flatMap((klipId) =>
      EXPORT_PRESETS.map(async (preset) => {
        const started = performance.now();
        const res = await fetch(`${appUrl}${exportKlipPath(klipId, preset, 'pad')}`, { headers: { cookie } });
        const bytes = (await res.arrayBuffer()).byteLength;
        if (!res.ok || bytes === 0) throw new Error(`export ${preset} of ${klipId}: ${res.status}`);
        return performance.now() - started;
      }),
    ),
  );
}

/** Latencies of GET /api/collections, paced, `count` of them or until `stop()` says so. */
async function collectionsLatencies(appUrl: string, cookie: string, until: { count: number } | { stop: () => boolean }): Promise<number[]> {
  const latencies: number[] = [];
  while ('count' in until ? latencies.length < until.count : !until.stop()) {
    const started = performance.now();
    await api(`${appUrl}/api/collections`, cookie);
    const took = performance.now() - started;
    latencies.push(took);
    await pause(Math.max(0, PROBE_EVERY_MS - took));
  }
  return latencies;
}

async function measureOn(run: BenchDatabaseRun, photos: Buffer[]): Promise<Measure[]> {
  const database = await run.database();
  const dataDir = await tempDir('klipt-bench-batch-');
  try {
    const seeding = await database.open(dataDir);
    try {
      await prepareDatabase(seeding);
      await ensureVerifiedUser(seeding.db, USER.email, USER.password);
    } finally {
      await seeding.close();
    }

    const env = {
      ...database.env,
      DATA_DIR: dataDir,
      SESSION_SECRET,
      LOG_LEVEL: 'info',
      WELCOME_CREDITS: String(ITEMS * 3),
      BATCH_RUNNING_PER_USER: String(BATCH_RUNNING_PER_USER),
      GENERATION_CONCURRENCY: String(GENERATION_CONCURRENCY),
      RENDER_THREADS: String(RENDER_THREADS),
      // BENCH_CPU_PROF=<dir>: the server's CPU profiles (main thread and render threads) written there when it stops.
      ...(process.env['BENCH_CPU_PROF'] ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env['BENCH_CPU_PROF']}` } : {}),
    };
    // No SEGMIND_API_KEY: standard models render with the local renderer.
    const server = await startKlipt({ ...env, ROLE: 'all' }, { stdout: 'pipe' });
    const generated: ImageGenerated[] = [];
    /** The log lines of the first batch, the one that runs alone. */
    let collected: ImageGenerated[] = [];
    // Read the log as it comes (a full pipe would stall the server); keep the per-image lines.
    createInterface({ input: server.child.stdout! }).on('line', (line) => {
      if (!line.includes('"image generated"')) return;
      const entry = JSON.parse(line) as ImageGenerated & { msg: string };
      if (entry.msg === 'image generated') generated.push(entry);
    });

    let batch: Batch;
    let wallMs: number;
    let idle: number[];
    let busy: number[];
    let exportMs: number[];
    let loadAverage: number;
    try {
      const cookie = await signIn(server.url, USER.email, USER.password);
      // The first /api/me sets the account up: profile and welcome credits.
      const me = await api<{ credits?: number }>(`${server.url}/api/me`, cookie);
      if ((me.credits ?? 0) < 2 * ITEMS) throw new Error(`the bench user has ${me.credits} credits, fewer than ${2 * ITEMS}`);
      await waitForSeededGalleries(server.url, cookie);

      const { models } = await api<{ models: Array<{ id: string; slug: string }> }>(`${server.url}/api/models/standard`, cookie);
      const model = models.find((m) => m.slug === 'ai-product-photo-editor');
      if (!model) throw new Error('no standard model ai-product-photo-editor');
      const uploadIds: string[] = [];
      for (const [i, photo] of photos.entries()) {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), `product-${i + 1}.png`);
        uploadIds.push((await api<{ id: string }>(`${server.url}/api/uploads`, cookie, { method: 'POST', form })).id);
      }
      const startBatch = (name: string) =>
        api<Batch>(`${server.url}/api/batches`, cookie, {
          method: 'POST',
          body: {
            name,
            modelType: 'standard',
            modelId: model.id,
            prompt: 'on a marble table in soft morning light',
            productUploadIds: uploadIds,
          },
        });
      const finish = async (running: Batch, started: number): Promise<Batch> => {
        while (running.status === 'running') {
          if (performance.now() - started > BATCH_TIMEOUT_MS)
            throw new Error(`the batch was unfinished after ${BATCH_TIMEOUT_MS} ms: ${JSON.stringify(running.counts)}`);
          await pause(POLL_MS);
          running = await api<Batch>(`${server.url}/api/batches/${running.id}`, cookie);
        }
        if (running.counts.succeeded !== ITEMS) {
          const failed = (await allItems(server.url, cookie, running.id)).filter((item) => item.status !== 'succeeded');
          const reasons = [...new Set(failed.map((item) => `${item.status}: ${item.error?.message ?? 'no error'}`))];
          throw new Error(`batch ${running.status} with ${running.counts.succeeded} of ${ITEMS} items succeeded (${reasons.join('; ')})`);
        }
        return running;
      };

      // First the batch alone: its wall time and Klipt's own time per item, nothing else asking.
      generated.length = 0;
      // The machine's load when the batch starts: on shared cores the figures move with it.
      loadAverage = Number(os.loadavg()[0]!.toFixed(1));
      const started = performance.now();
      batch = await finish(await startBatch('Bench batch'), started);
      wallMs = performance.now() - started;
      // Its last line may follow the batch's last status by a moment.
      for (const waitUntil = performance.now() + 10_000; generated.length < ITEMS && performance.now() < waitUntil;) await pause(20);
      collected = generated.splice(0, ITEMS);

      // Then the same batch again with exports and a signed-in user's page beside it.
      idle = await collectionsLatencies(server.url, cookie, { count: IDLE_SAMPLES });
      const besideStarted = performance.now();
      const beside = await startBatch('Bench batch beside exports');
      let batchDone = false;
      let exportsDone = false;
      const probing = collectionsLatencies(server.url, cookie, { stop: () => batchDone && exportsDone });
      const exporting = exportsBesideTheBatch(server.url, cookie, beside.id, () => !batchDone).finally(() => {
        exportsDone = true;
      });
      // Settled either way so a failure never goes unhandled while the batch is polled; awaited below.
      exporting.catch(() => {});
      try {
        await finish(beside, besideStarted);
      } finally {
        batchDone = true;
      }
      exportMs = await exporting;
      busy = await probing;
    } finally {
      await stopWithin(server);
    }
    if (collected.length !== ITEMS) throw new Error(`the log has ${collected.length} 'image generated' lines, not ${ITEMS}`);
    const providers = new Set(collected.map((g) => g.provider));
    if (providers.size !== 1 || !providers.has('local'))
      throw new Error(`images came from ${[...providers].join(', ')}, not the local renderer`);

    // The jobs' own timestamps, read once the server has let go of the database (PGlite allows one process).
    const reading = await database.open(dataDir);
    let jobs: Array<{ startedMs: number; finishedMs: number }>;
    try {
      jobs = await queryRows<{ startedMs: number; finishedMs: number }>(
        reading.db,
        sql`select extract(epoch from j.started_at)::float8 * 1000 as "startedMs", extract(epoch from j.finished_at)::float8 * 1000 as "finishedMs"
            from generation_jobs j join batch_items i on i.id = j.batch_item_id
            where i.batch_id = ${batch.id} and j.status = 'succeeded'`,
      );
    } finally {
      await reading.close();
    }
    if (jobs.length !== ITEMS) throw new Error(`${jobs.length} succeeded jobs in the database, not ${ITEMS}`);

    const overheads = collected.map((g) => g.runMs - g.providerMs);
    const handOff = handOffs(jobs, BATCH_RUNNING_PER_USER);
    const settings = { items: ITEMS, BATCH_RUNNING_PER_USER, GENERATION_CONCURRENCY, RENDER_THREADS, renderer: 'local' };
    const timing = (name: string, values: number[], target?: number, extra: Record<string, number> = {}): Measure[] => [
      {
        name: `${name} p50, ${run.label}`,
        value: ms(percentile(values, 50)),
        unit: 'ms',
        ...(target === undefined ? {} : { target }),
        better: 'lower',
        detail: { ...settings, n: values.length, ...extra },
      },
      {
        name: `${name} p95, ${run.label}`,
        value: ms(percentile(values, 95)),
        unit: 'ms',
        better: 'lower',
        detail: { ...settings, n: values.length, max: ms(Math.max(...values)) },
      },
    ];
    return [
      {
        name: `batch of ${ITEMS}: start request to finished, ${run.label}`,
        value: Number((wallMs / 1000).toFixed(2)),
        unit: 's',
        better: 'lower',
        detail: { ...settings, pollMs: POLL_MS, loadAverage },
      },
      {
        name: `batch of ${ITEMS}: items per minute, ${run.label}`,
        value: Number(((ITEMS * 60_000) / wallMs).toFixed(1)),
        unit: 'items/min',
        better: 'higher',
        detail: settings,
      },
      ...timing('batch item Klipt overhead (runMs − providerMs)', overheads, 30, {
        providerMsP50: ms(
          percentile(
            collected.map((g) => g.providerMs),
            50,
          ),
        ),
        runMsP50: ms(
          percentile(
            collected.map((g) => g.runMs),
            50,
          ),
        ),
        // Where the overhead goes (p50 of each stage): reading inputs, storing + committing, thumbnail + activity + next job.
        beforeP50: ms(
          percentile(
            collected.map((g) => g.stagesMs.before),
            50,
          ),
        ),
        saveP50: ms(
          percentile(
            collected.map((g) => g.stagesMs.save),
            50,
          ),
        ),
        afterP50: ms(
          percentile(
            collected.map((g) => g.stagesMs.after),
            50,
          ),
        ),
      }),
      ...timing("batch hand-off, an item's finish to the next item's start", handOff),
      {
        name: `${EXPORTS} marketplace exports beside the batch: each, p50, ${run.label}`,
        value: ms(percentile(exportMs, 50)),
        unit: 'ms',
        better: 'lower',
        detail: { presets: EXPORT_PRESETS.join('+'), klips: EXPORT_KLIPS, fit: 'pad', max: ms(Math.max(...exportMs)) },
      },
      ...pageWhileBatchRuns(idle, busy, run.label),
    ];
  } finally {
    await database.cleanUp();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The signed-in collections page's p99 idle and while the batch and the exports run (same server, same user), and their ratio. */
function pageWhileBatchRuns(idle: number[], busy: number[], label: string): Measure[] {
  const idleP99 = percentile(idle, 99);
  const busyP99 = percentile(busy, 99);
  const detail = {
    probeEveryMs: PROBE_EVERY_MS,
    idleN: idle.length,
    busyN: busy.length,
    idleP50: ms(percentile(idle, 50)),
    busyP50: ms(percentile(busy, 50)),
  };
  return [
    { name: `GET /api/collections p99 idle, ${label}`, value: ms(idleP99), unit: 'ms', better: 'lower', detail },
    {
      name: `GET /api/collections p99 while a batch of ${ITEMS} and ${EXPORTS} exports run, ${label}`,
      value: ms(busyP99),
      unit: 'ms',
      better: 'lower',
      detail,
    },
    {
      name: `GET /api/collections p99 while a batch of ${ITEMS} and ${EXPORTS} exports run ÷ idle p99, ${label}`,
      value: Number((busyP99 / idleP99).toFixed(2)),
      unit: '×',
      target: BUSY_P99_TARGET,
      better: 'lower',
      detail: { ...detail, idleP99: ms(idleP99), busyP99: ms(busyP99), renderThreads: RENDER_THREADS },
    },
  ];
}

/**
 * A batch of 50 product photos on the production server with the local renderer, the batch and
 * worker limits at their defaults, run alone: wall time and items per minute, Klipt's own time per
 * item (the worker's runMs − providerMs, from its log) and the dispatcher's hand-off between items
 * (generation_jobs started_at / finished_at). Then the same batch again with ten marketplace
 * exports of its first klips made meanwhile, and the signed-in collections page's p99 idle and
 * while that batch and the exports run.
 * On PGlite, and on PostgreSQL with BENCH_DATABASE_URL.
 */
export async function measureBatch(): Promise<Measure[]> {
  const photos = await Promise.all(Array.from({ length: ITEMS }, (_, i) => productPhoto(i)));
  const measures: Measure[] = [];
  for (const run of benchDatabaseRuns()) measures.push(...(await measureOn(run, photos)));
  return measures;
}
