import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, type Measure } from './lib.ts';
import { measureAdminStats } from './measures/admin-stats.ts';
import { measureAds } from './measures/ads.ts';
import { measureApiKeyGeneration } from './measures/api-key-generation.ts';
import { measureBatch } from './measures/batch.ts';
import { measureBatchAds } from './measures/batch-ads.ts';
import { measureCollections } from './measures/collections.ts';
import { measureColdStart } from './measures/cold-start.ts';
import { measureHealthThroughput } from './measures/health-throughput.ts';
import { measureLandingJs } from './measures/landing-js.ts';
import { measureLighthouse } from './measures/lighthouse.ts';
import { measureLoad } from './measures/load.ts';
import { measureMemory } from './measures/memory.ts';
import { measureGenerationThroughput } from './measures/generation-throughput.ts';
import { measureGeneration } from './measures/generation.ts';
import { measureVideoGeneration } from './measures/video-generation.ts';
import { measureVideoRender } from './measures/video-render.ts';

// `npm run bench`: every measure, a table on stdout and bench/results/latest.json.
// `npm run bench -- collections`: only the steps whose label contains the word; their figures
// replace theirs in latest.json and the others stay.
const only = process.argv[2];
const measures: Measure[] = [];
const steps: Array<[string, () => Promise<Measure | Measure[]> | Measure | Measure[]]> = [
  ['public pages JS: landing, collection grid, share page', () => measureLandingJs()],
  // No 'collections' in the label: `npm run bench -- collections` must not run Lighthouse too.
  ['Lighthouse mobile: landing, collection grid, share page', () => measureLighthouse()],
  ['cold start', () => measureColdStart()],
  ['health throughput', () => measureHealthThroughput()],
  ['generation pickup and overhead', () => measureGeneration()],
  ['generation request: API key vs session', () => measureApiKeyGeneration()],
  ['collections at 100,000 klips', () => measureCollections()],
  ['admin statistics at 10,000 users', () => measureAdminStats()],
  ['video render (local, 3 s 560p)', () => measureVideoRender()],
  ['video job overhead', () => measureVideoGeneration()],
  ['load at 100 connections (PostgreSQL)', () => measureLoad()],
  ['worker load: generation throughput at concurrency 2, 8, 32 (PostgreSQL)', () => measureGenerationThroughput()],
  ['batch of 50 product photos (local renderer)', () => measureBatch()],
  ['memory at rest and after an upload burst', () => measureMemory()],
  ['ads: renderer, 20 klips × 3 sizes', () => measureAds()],
  ['batch ads: 20 items × 3 sizes through the batch path', () => measureBatchAds()],
];

for (const [label, run] of steps.filter(([name]) => !only || name.includes(only))) {
  process.stdout.write(`measuring ${label}…\n`);
  measures.push(...[await run()].flat());
}

const passes = (m: Measure) => m.target === undefined || (m.better === 'lower' ? m.value <= m.target : m.value >= m.target);
const rows = measures.map((m) => ({
  measure: m.name,
  value: `${m.value} ${m.unit}`,
  target: m.target === undefined ? '—' : `${m.better === 'lower' ? '≤' : '≥'} ${m.target} ${m.unit}`,
  result: m.target === undefined ? 'info' : passes(m) ? 'pass' : 'FAIL',
  detail: m.detail
    ? Object.entries(m.detail)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')
    : '',
}));
console.table(rows);

const out = path.join(root, 'bench', 'results', 'latest.json');
mkdirSync(path.dirname(out), { recursive: true });
const measured = new Set(measures.map((m) => m.name));
const kept: Measure[] =
  only && existsSync(out)
    ? (JSON.parse(readFileSync(out, 'utf8')) as { measures: Measure[] }).measures.filter((m) => !measured.has(m.name))
    : [];
writeFileSync(
  out,
  `${JSON.stringify({ at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, platform: `${os.platform()} ${os.arch()}`, measures: [...kept, ...measures].map((m) => ({ ...m, pass: passes(m) })) }, null, 2)}\n`,
);
console.log(`written ${path.relative(root, out)}`);
if (measures.some((m) => !passes(m))) process.exitCode = 1;
