import autocannon from 'autocannon';
import { PgDialect } from 'drizzle-orm/pg-core';
import { spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { KLIP_PAGE_SIZE } from '#contracts/klips.ts';
import { prepareDatabase } from '#server/db/open-from-config.ts';
import { klipListStatement } from '#server/modules/klips/list-query.ts';
import { ensureWebBuild } from '../../scripts/web-build.ts';
import {
  benchDatabaseRuns,
  freePort,
  root,
  signIn,
  startServer,
  stopProcess,
  tempDir,
  waitUntilOk,
  type BenchDatabaseRun,
  type Measure,
} from '../lib.ts';
import { waitForBuiltInGalleries } from '../klipt-process.ts';
import { benchStorageRoot, RARE_TAG, RARE_TAGGED, seedKlipCollection, type SeededCollection } from '../seed-klips.ts';

const SEED = { klips: 100_000, users: 5_000, publicShare: 0.9 };
const FAR_PAGE = 5000;

async function requestsPerSecond(url: string, seconds: number, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: seconds, pipelining: 1, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

/** Bytes the browser transfers for /collections until its 12 thumbnails are shown (HTML, JS, CSS, images). */
async function pageBytes(appUrl: string): Promise<{ total: number; byType: Record<string, number>; thumbnails: number }> {
  const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map<string, string>();
    const byType: Record<string, number> = {};
    let total = 0;
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      const type = types.get(e.requestId) ?? 'Other';
      byType[type] = (byType[type] ?? 0) + e.encodedDataLength;
      total += e.encodedDataLength;
    });
    await page.goto(`${appUrl}/collections`);
    // The cards show sized copies of each klip's picture (modules/klips/renditions.ts), never the original.
    const thumbnails = page.locator('img[srcset*="/renditions/"]');
    await thumbnails.nth(KLIP_PAGE_SIZE - 1).waitFor({ state: 'attached', timeout: 30_000 });
    // Lazy images load as they scroll into view: scroll through the grid, then wait for every one.
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    // Polled through evaluateAll (a function call over the debugger protocol): waitForFunction with a
    // string evaluates it with eval, which the page's Content-Security-Policy refuses.
    const loaded = () =>
      thumbnails.evaluateAll(
        (images) => images.filter((img) => (img as unknown as { complete: boolean; naturalWidth: number }).naturalWidth > 0).length,
      );
    const deadline = performance.now() + 30_000;
    while ((await loaded()) < KLIP_PAGE_SIZE) {
      if (performance.now() > deadline) throw new Error('the collection thumbnails did not load within 30 s');
      await page.waitForTimeout(50);
    }
    await page.waitForLoadState('networkidle');
    return { total, byType, thumbnails: await thumbnails.count() };
  } finally {
    await browser.close();
  }
}

/**
 * The public collection at 100,000 klips (90% public) across 5,000 users: a signed-in page of 12
 * klips (creator, viewer's vote, tags) as req/s against bare Fastify routes in the same run (one
 * running the page's SQL, one doing nothing), page 5000 reached by cursor and a rare tag's page
 * against page 1, the visitor's page and one klip's card as req/s, and (once, on PGlite) the bytes
 * of the page in Chromium (docs/operations.md, "Benchmark").
 */
/** Requests per second of the bare route running the page's statement (bench/bare-page.ts). */
async function samePageRequestsPerSecond(statementFile: string, seconds: number): Promise<number> {
  const port = await freePort();
  const samePage = spawn(process.execPath, ['bench/bare-page.ts', String(port), statementFile], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const url = `http://127.0.0.1:${port}/page`;
    await waitUntilOk(url, 120_000);
    await requestsPerSecond(url, 2);
    return await requestsPerSecond(url, seconds);
  } finally {
    await stopProcess(samePage);
  }
}

async function measureOn(run: BenchDatabaseRun, options: { seconds: number; browser: boolean }): Promise<Measure[]> {
  const dataDir = await tempDir('klipt-bench-collections-');
  const target = await run.database();
  let seeded: SeededCollection;
  const seedStarted = performance.now();
  {
    const database = await target.open(dataDir);
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
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const barePort = await freePort();
  const bare = spawn(process.execPath, ['bench/bare-fastify.ts', String(barePort)], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  // The same page's work without Klipt: its SQL (first page, the viewer's votes) on a bare route,
  // measured once Klipt has stopped (an embedded database is open in one process at a time).
  const statement = new PgDialect().sqlToQuery(
    klipListStatement({ scope: { publicOnly: true }, filter: {}, sort: 'latest', viewerId: seeded.viewer.id, limit: KLIP_PAGE_SIZE }),
  );
  const statementFile = path.join(dataDir, 'page-statement.json');
  const where = target.connectionString ? { connectionString: target.connectionString } : { dataDir: path.join(dataDir, 'db') };
  await writeFile(statementFile, JSON.stringify({ ...where, text: statement.sql, values: statement.params }));
  const appPort = await freePort();
  const appUrl = `http://localhost:${appPort}`;
  const app = startServer({ DATA_DIR: dataDir, PORT: String(appPort), APP_URL: appUrl, LOG_LEVEL: 'warn', ...target.env });
  try {
    await waitUntilOk(`http://127.0.0.1:${barePort}/health`);
    await waitUntilOk(`${appUrl}/api/health`, 120_000);
    const cookie = await signIn(appUrl, seeded.viewer.email, seeded.viewer.password);
    const gallerySeconds = await waitForBuiltInGalleries(appUrl, cookie);
    let klipId: string | undefined;
    const first = `${appUrl}/api/collections`;
    const far = `${appUrl}/api/collections?cursor=${seeded.cursor}`;
    const rare = `${appUrl}/api/collections?tag=${RARE_TAG}`;
    for (const [url, klips] of [
      [first, KLIP_PAGE_SIZE],
      [far, KLIP_PAGE_SIZE],
      [rare, RARE_TAGGED],
    ] as const) {
      const res = await fetch(url, { headers: { cookie } });
      const body = (await res.json()) as { klips?: Array<{ id: string; viewerVote: string | null; tags: string[] }> };
      if (res.status !== 200 || body.klips?.length !== klips)
        throw new Error(`${url}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      klipId ??= body.klips[0]?.id;
    }
    const klip = `${appUrl}/api/klips/${klipId}`;
    const headers = { cookie };
    // Warm everything up, then measure.
    await requestsPerSecond(`http://127.0.0.1:${barePort}/health`, 1);
    await requestsPerSecond(first, 2, headers);
    await requestsPerSecond(far, 2, headers);
    await requestsPerSecond(rare, 1, headers);
    await requestsPerSecond(first, 1);
    await requestsPerSecond(klip, 1, headers);
    const firstRps = await requestsPerSecond(first, options.seconds, headers);
    const visitorRps = await requestsPerSecond(first, options.seconds);
    const klipSignedInRps = await requestsPerSecond(klip, options.seconds, headers);
    const klipVisitorRps = await requestsPerSecond(klip, options.seconds);
    const farRps = await requestsPerSecond(far, options.seconds, headers);
    const rareRps = await requestsPerSecond(rare, options.seconds, headers);
    // Last, for information: it keeps both CPUs busy at full speed.
    const bareRps = await requestsPerSecond(`http://127.0.0.1:${barePort}/health`, options.seconds);
    const bytes = options.browser ? await pageBytes(appUrl) : undefined;
    await stopProcess(app);
    const samePageRps = await samePageRequestsPerSecond(statementFile, options.seconds);
    const measures: Measure[] = [
      {
        // For information: a route that does no work at all sets no bar a database read can reach.
        name: `GET /api/collections (signed in) vs bare Fastify hello-world, ${run.label}`,
        value: Number((firstRps / bareRps).toFixed(3)),
        unit: 'ratio',
        better: 'higher',
        detail: {
          appRps: Math.round(firstRps),
          bareRps: Math.round(bareRps),
          klips: SEED.klips,
          seedSeconds: Number(seedSeconds.toFixed(1)),
          gallerySeconds: Number(gallerySeconds.toFixed(1)),
        },
      },
    ];
    measures.push(
      {
        // Klipt's whole stack (session, role, access rules, validation, serialization, headers)
        // against the page's own database work on a bare Fastify route (issue 32).
        name: `GET /api/collections (signed in) vs bare Fastify running the page's SQL, ${run.label}`,
        value: Number((firstRps / samePageRps).toFixed(2)),
        unit: 'ratio',
        target: target.connectionString ? 0.8 : 0.5,
        better: 'higher',
        detail: { appRps: Math.round(firstRps), samePageRps: Math.round(samePageRps) },
      },
      // For information: the same page for a visitor (no session read), and one klip's card.
      { name: `GET /api/collections (visitor), ${run.label}`, value: Math.round(visitorRps), unit: 'req/s', better: 'higher' },
      {
        name: `GET /api/klips/:id (signed in), ${run.label}`,
        value: Math.round(klipSignedInRps),
        unit: 'req/s',
        better: 'higher',
        detail: { visitorRps: Math.round(klipVisitorRps) },
      },
    );
    measures.push({
      name: `collections page ${FAR_PAGE} by cursor vs page 1, ${run.label}`,
      value: Number((farRps / firstRps).toFixed(2)),
      unit: 'ratio',
      target: 0.9,
      better: 'higher',
      detail: { page1Rps: Math.round(firstRps), [`page${FAR_PAGE}Rps`]: Math.round(farRps) },
    });
    measures.push({
      // A tag on 6 of 100,000 klips: read from klip_tags, not found by walking the collection.
      name: `collections by a rare tag (${RARE_TAGGED} klips) vs page 1, ${run.label}`,
      value: Number((rareRps / firstRps).toFixed(2)),
      unit: 'ratio',
      target: 0.8,
      better: 'higher',
      detail: { page1Rps: Math.round(firstRps), rareTagRps: Math.round(rareRps) },
    });
    if (bytes) {
      measures.push({
        name: 'collections page bytes in the browser (12 image klips)',
        value: Number((bytes.total / 1024).toFixed(1)),
        unit: 'KB',
        target: 800,
        better: 'lower',
        detail: {
          ...Object.fromEntries(Object.entries(bytes.byType).map(([type, n]) => [`${type}KB`, Number((n / 1024).toFixed(1))])),
          thumbnails: bytes.thumbnails,
          thumbnailKBEach: Number((seeded.thumbnailBytes.reduce((a, b) => a + b, 0) / seeded.thumbnailBytes.length / 1024).toFixed(1)),
        },
      });
    }
    return measures;
  } finally {
    await stopProcess(app);
    await stopProcess(bare);
    await target.cleanUp();
    // The seeded database and its files take about 560 MB: a bench run must not leave them behind.
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function measureCollections(seconds = 5): Promise<Measure[]> {
  ensureWebBuild();
  const runs = benchDatabaseRuns();
  const measures: Measure[] = [];
  for (const [i, run] of runs.entries()) measures.push(...(await measureOn(run, { seconds, browser: i === 0 })));
  return measures;
}
