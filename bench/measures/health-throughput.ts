import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { freePort, root, startServer, stopProcess, tempDir, waitUntilOk, type Measure } from '../lib.ts';

async function requestsPerSecond(url: string, seconds: number): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: seconds, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

/**
 * GET /api/health req/s as a share of a bare Fastify route measured in the same run: the cost of
 * Klipt's stack (validation, security headers, request ids, logging, a database round trip).
 */
export async function measureHealthThroughput(seconds = 5): Promise<Measure> {
  const barePort = await freePort();
  const bare = spawn(process.execPath, ['bench/bare-fastify.ts', String(barePort)], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const appPort = await freePort();
  const dataDir = await tempDir('klipt-bench-rps-');
  const app = startServer({
    DATA_DIR: dataDir,
    PORT: String(appPort),
    APP_URL: `http://localhost:${appPort}`,
    LOG_LEVEL: 'warn',
  });
  try {
    await waitUntilOk(`http://127.0.0.1:${barePort}/health`);
    await waitUntilOk(`http://localhost:${appPort}/api/health`, 60_000);
    // Warm both up, then measure.
    await requestsPerSecond(`http://127.0.0.1:${barePort}/health`, 1);
    await requestsPerSecond(`http://localhost:${appPort}/api/health`, 1);
    const bareRps = await requestsPerSecond(`http://127.0.0.1:${barePort}/health`, seconds);
    const appRps = await requestsPerSecond(`http://localhost:${appPort}/api/health`, seconds);
    return {
      name: 'GET /api/health throughput vs bare Fastify',
      value: Number((appRps / bareRps).toFixed(2)),
      unit: 'ratio',
      better: 'higher',
      detail: { appRps: Math.round(appRps), bareRps: Math.round(bareRps) },
    };
  } finally {
    await stopProcess(app);
    await stopProcess(bare);
    await rm(dataDir, { recursive: true, force: true });
  }
}
