import autocannon from 'autocannon';
import { rm } from 'node:fs/promises';
import { KLIP_PAGE_SIZE } from '#contracts/klips.ts';
import { openPostgresDatabase } from '#server/db/client.ts';
import { prepareDatabase } from '#server/db/open-from-config.ts';
import { ensureWebBuild } from '../../scripts/web-build.ts';
import { measureCpu, type CpuShares } from '../cpu.ts';
import { settleBuiltInContent, startKlipt, stopWithin, type KliptProcess } from '../klipt-process.ts';
import { benchPostgres, signIn, tempDir, type Measure } from '../lib.ts';
import { residentMb, sampleResidentMemory } from '../rss.ts';
import { benchStorageRoot, seedKlipCollection } from '../seed-klips.ts';

const SEED = { klips: 20_000, users: 1_000, publicShare: 0.9 };
const FAR_PAGE = 100;
/** Pages a visitor scrolls to ("load more"), after the first. */
const SCROLLED_PAGES = 5;
const CONNECTIONS = 100;
const WARM_UP_SECONDS = 3;
const RSS_TARGET_MB = 250;
/** Quiet time before "at rest" is read (as the memory measure waits), and after the load before it is read again. */
const SETTLE_MS = 15_000;
const AFTER_LOAD_MS = 60_000;
const SESSION_SECRET = 'bench-load-session-secret-0123456789abcdef';

interface Pages {
  /** Cursors of pages 2–6 and of page 100. */
  cursors: string[];
  /** Public klips read from those pages. */
  klipIds: string[];
}

interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  statuses: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssNow(pid: number): number {
  const mb = residentMb(pid);
  if (mb === undefined) throw new Error(`the server (pid ${pid}) is gone`);
  return Math.round(mb);
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

/**
 * What each connection does, over and over: a signed-in visitor opens the collection (the page's
 * HTML, the session, page 1, then a further page by cursor) and then a klip's share page (its HTML
 * with the klip's Open Graph tags, the session, the klip). The HTML and the session are what every
 * page view costs besides its own API read.
 */
function visits(pages: Pages): autocannon.Request[] {
  const klipOf = (context: object) => (context as { klipId?: string }).klipId ?? pick(pages.klipIds);
  return [
    { method: 'GET', path: '/collections' },
    { method: 'GET', path: '/api/session' },
    { method: 'GET', path: '/api/collections' },
    {
      method: 'GET',
      setupRequest: (req) => ({ ...req, path: `/api/collections?cursor=${encodeURIComponent(pick(pages.cursors))}` }),
    },
    {
      method: 'GET',
      setupRequest: (req, context) => {
        const klipId = pick(pages.klipIds);
        (context as { klipId?: string }).klipId = klipId;
        return { ...req, path: `/share/${klipId}` };
      },
    },
    { method: 'GET', path: '/api/session' },
    { method: 'GET', setupRequest: (req, context) => ({ ...req, path: `/api/klips/${klipOf(context)}` }) },
  ];
}

/** One load run: the targets at the same time, each with its connections; figures summed (latency: the worst target's). */
async function load(
  targets: Array<{ url: string; connections: number }>,
  seconds: number,
  cookie: string,
  pages: Pages,
): Promise<LoadResult> {
  const results = await Promise.all(
    targets.map(({ url, connections }) =>
      autocannon({
        url,
        connections,
        duration: seconds,
        pipelining: 1,
        timeout: 10,
        // What a browser sends: the session cookie and compression.
        headers: { cookie, accept: '*/*', 'accept-encoding': 'gzip, deflate, br' },
        requests: visits(pages),
      }),
    ),
  );
  const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
  const statuses = new Map<string, number>();
  for (const r of results)
    for (const [status, { count = 0 }] of Object.entries(r.statusCodeStats ?? {}))
      statuses.set(status, (statuses.get(status) ?? 0) + count);
  return {
    requests,
    rps: requests / Math.max(...results.map((r) => r.duration)),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    statuses: [...statuses].map(([status, count]) => `${status}:${count}`).join(','),
  };
}

/** The cursors and klip ids of the pages a visitor walks, read through the API (checking each answers 200). */
async function readPages(appUrl: string, cookie: string, farCursor: string): Promise<Pages> {
  const read = async (query: string) => {
    const res = await fetch(`${appUrl}/api/collections${query}`, { headers: { cookie } });
    const body = (await res.json()) as { klips?: Array<{ id: string }>; nextCursor?: string | null };
    if (res.status !== 200 || body.klips?.length !== KLIP_PAGE_SIZE) throw new Error(`/api/collections${query}: ${res.status}`);
    return { ids: body.klips.map((k) => k.id), next: body.nextCursor };
  };
  const cursors: string[] = [];
  const klipIds: string[] = [];
  let page = await read('');
  klipIds.push(...page.ids);
  for (let i = 0; i < SCROLLED_PAGES; i++) {
    if (!page.next) throw new Error('the seeded collection has too few pages');
    cursors.push(page.next);
    page = await read(`?cursor=${encodeURIComponent(page.next)}`);
    klipIds.push(...page.ids);
  }
  cursors.push(farCursor);
  klipIds.push(...(await read(`?cursor=${encodeURIComponent(farCursor)}`)).ids);
  return { cursors, klipIds };
}

/** Every request kind of the mix answers 200 before the load starts: a failing route must not pass as throughput. */
async function checkMix(appUrl: string, cookie: string, pages: Pages): Promise<void> {
  const klipId = pages.klipIds[0]!;
  for (const path of ['/collections', '/api/session', `/share/${klipId}`, `/api/klips/${klipId}`]) {
    const res = await fetch(`${appUrl}${path}`, { headers: { cookie } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
    if (path === '/api/session' && !(JSON.parse(text) as { me: unknown }).me) throw new Error('/api/session: the viewer is not signed in');
    if (path.startsWith('/share/') && !text.includes('og:title')) throw new Error(`${path}: no Open Graph tags`);
  }
}

const cpuDetail = (cpu: CpuShares) => ({
  ...Object.fromEntries(Object.entries(cpu.processes).map(([name, cores]) => [`${name}Cores`, cores])),
  postgresCores: cpu.postgres,
  loadGeneratorCores: cpu.client,
  machineCores: cpu.machine,
});

/**
 * 100 signed-in connections on collection pages, klip pages and the session (a 20,000-klip
 * collection on PostgreSQL, production build) against one ROLE=all process, the default deployment
 * (API and workers in one process; its RSS is what an operator provisions): req/s, p50/p99, errors
 * and the server's resident memory (at rest, its peak, and a minute after the load). Then the same
 * load split over two ROLE=api processes against one, both on this machine (docs/operations.md,
 * "Benchmark").
 */
export async function measureLoad(seconds = 20): Promise<Measure[]> {
  const adminUrl = process.env['BENCH_DATABASE_URL'];
  if (!adminUrl) {
    console.log('  skipped: the load measures need PostgreSQL; set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
    return [];
  }
  ensureWebBuild();
  const dataDir = await tempDir('klipt-bench-load-');
  const target = await benchPostgres(adminUrl);
  const running: KliptProcess[] = [];
  const stopAll = async () => {
    for (const server of running.splice(0)) await stopWithin(server);
  };
  try {
    const seedStarted = performance.now();
    const database = await openPostgresDatabase({ connectionString: target.url });
    let seeded;
    try {
      await prepareDatabase(database);
      seeded = await seedKlipCollection(database, SEED, {
        page: FAR_PAGE,
        storageRoot: benchStorageRoot(dataDir),
        pageSize: KLIP_PAGE_SIZE,
      });
    } finally {
      await database.close();
    }
    const seedSeconds = Number(((performance.now() - seedStarted) / 1000).toFixed(1));
    const env = { DATA_DIR: dataDir, DATABASE_URL: target.url, SESSION_SECRET };
    const settleSeconds = Number((await settleBuiltInContent(env)).toFixed(1));

    // 1. One ROLE=all process.
    const all = await startKlipt({ ...env, ROLE: 'all' });
    running.push(all);
    const cookie = await signIn(all.url, seeded.viewer.email, seeded.viewer.password);
    const pages = await readPages(all.url, cookie, seeded.cursor);
    await checkMix(all.url, cookie, pages);
    await pause(SETTLE_MS);
    const restMb = rssNow(all.pid);
    const memory = sampleResidentMemory(all.pid);
    await load([{ url: all.url, connections: CONNECTIONS }], WARM_UP_SECONDS, cookie, pages);
    const allCpu = measureCpu({ server: all.pid });
    const one = await load([{ url: all.url, connections: CONNECTIONS }], seconds, cookie, pages);
    const cpu = allCpu.stop();
    const rss = memory.stop();
    await pause(AFTER_LOAD_MS);
    const afterMb = rssNow(all.pid);
    await stopAll();

    // 2. Two ROLE=api processes sharing the database and the session secret, against one of them alone.
    const apiA = await startKlipt({ ...env, ROLE: 'api' });
    running.push(apiA);
    const apiB = await startKlipt({ ...env, ROLE: 'api' });
    running.push(apiB);
    const split = [
      { url: apiA.url, connections: CONNECTIONS / 2 },
      { url: apiB.url, connections: CONNECTIONS / 2 },
    ];
    await checkMix(apiB.url, cookie, pages);
    await load(split, WARM_UP_SECONDS, cookie, pages);
    const singleCpu = measureCpu({ apiA: apiA.pid });
    const single = await load([{ url: apiA.url, connections: CONNECTIONS }], seconds, cookie, pages);
    const singleShares = singleCpu.stop();
    const dualCpu = measureCpu({ apiA: apiA.pid, apiB: apiB.pid });
    const dual = await load(split, seconds, cookie, pages);
    const dualShares = dualCpu.stop();
    await stopAll();

    const mix = 'collections HTML, session, page 1, page by cursor, share HTML, session, klip';
    return [
      {
        name: `load: ${CONNECTIONS} connections, collection and klip pages and session, 1 ROLE=all process, PostgreSQL`,
        value: Math.round(one.rps),
        unit: 'req/s',
        better: 'higher',
        detail: {
          p50Ms: one.p50,
          p99Ms: one.p99,
          requests: one.requests,
          seconds,
          statuses: one.statuses,
          klips: SEED.klips,
          seedSeconds,
          builtInContentSeconds: settleSeconds,
          mix,
          ...cpuDetail(cpu),
        },
      },
      {
        name: `load: non-2xx answers and errors at ${CONNECTIONS} connections (every run)`,
        value: [one, single, dual].reduce((sum, run) => sum + run.non2xx + run.errors, 0),
        unit: 'responses',
        target: 0,
        better: 'lower',
        detail: {
          allNon2xx: one.non2xx,
          allErrors: one.errors,
          oneApiFailures: single.non2xx + single.errors,
          twoApiFailures: dual.non2xx + dual.errors,
        },
      },
      {
        name: `load: server resident memory (peak) at ${CONNECTIONS} connections, ROLE=all`,
        value: Math.round(rss.peakMb),
        unit: 'MB',
        target: RSS_TARGET_MB,
        better: 'lower',
        detail: { restMb, endMb: Math.round(rss.lastMb), samples: rss.samples },
      },
      {
        // A burst of connections, like the memory measure's burst of uploads: is it given back?
        name: `load: RSS a minute after ${CONNECTIONS} connections / at rest, ROLE=all`,
        value: Number((afterMb / restMb).toFixed(2)),
        unit: '×',
        target: 1.2,
        better: 'lower',
        detail: { restMB: restMb, afterMB: afterMb, peakMB: Math.round(rss.peakMb), settleSeconds: SETTLE_MS / 1000 },
      },
      {
        // Both processes, the database and the load generator share this machine's cores: a second
        // process only adds throughput while the first leaves CPU unused (machineCores shows how much).
        name: `load: 2 ROLE=api processes vs 1 (${CONNECTIONS} connections, same machine)`,
        value: Number((dual.rps / single.rps).toFixed(2)),
        unit: 'ratio',
        better: 'higher',
        detail: {
          oneRps: Math.round(single.rps),
          twoRps: Math.round(dual.rps),
          oneP99Ms: single.p99,
          twoP99Ms: dual.p99,
          oneMachineCores: singleShares.machine,
          oneServerCores: singleShares.processes['apiA'] ?? 0,
          onePostgresCores: singleShares.postgres,
          oneLoadGeneratorCores: singleShares.client,
          ...Object.fromEntries(
            Object.entries(cpuDetail(dualShares)).map(([key, value]) => [`two${key[0]!.toUpperCase()}${key.slice(1)}`, value]),
          ),
        },
      },
    ];
  } finally {
    await stopAll();
    await target.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
