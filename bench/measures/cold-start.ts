import { rm } from 'node:fs/promises';
import { freePort, percentile, startServer, stopProcess, tempDir, waitUntilOk, type Measure } from '../lib.ts';

/** Process start to the first 200 of /api/health, on an embedded database that already exists. */
export async function measureColdStart(runs = 5): Promise<Measure> {
  const dataDir = await tempDir('klipt-bench-cold-');
  try {
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), APP_URL: `http://localhost:${port}` };
    // First start creates and migrates the database and fills V8's compile cache; it is not what
    // we measure (every later start of an installed Klipt finds both).
    const first = startServer(env);
    await waitUntilOk(`http://localhost:${port}/api/health`, 60_000);
    await stopProcess(first);

    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const child = startServer(env);
      await waitUntilOk(`http://localhost:${port}/api/health`, 30_000, 2);
      times.push(performance.now() - started);
      await stopProcess(child);
    }
    return {
      name: 'cold start to first 200 /api/health (persisted PGlite)',
      value: Math.round(percentile(times, 50)),
      unit: 'ms',
      target: 2000,
      better: 'lower',
      detail: { runs, min: Math.round(Math.min(...times)), max: Math.round(Math.max(...times)), compileCache: 'warm' },
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
