import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#test-support/free-port.ts';
import { waitFor } from '#test-support/wait-for.ts';

const root = path.resolve(import.meta.dirname, '../..');
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'klipt-process-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('refuses to start on bad configuration, naming every bad key', () => {
    const run = spawnSync(process.execPath, ['src/server/main.ts'], {
      cwd: root,
      env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir, PORT: 'eighty', LOG_LEVEL: 'loud' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Klipt cannot start');
    expect(run.stderr).toContain('PORT');
    expect(run.stderr).toContain('LOG_LEVEL');
  });

  it('starts on a fresh data folder, serves health, and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env['PATH'] ?? '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        WEB_DIST_DIR: path.join(dataDir, 'none'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await waitFor(
        async () => {
          const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
          return res?.status === 200;
        },
        { timeoutMs: 60_000, intervalMs: 100, message: 'the server to answer /api/health' },
      );
      expect(existsSync(path.join(dataDir, 'klipt.lock'))).toBe(true);
      expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(true);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('stopped cleanly');
      // The embedded database is released for the next process (e.g. npm run admin:create).
      expect(existsSync(path.join(dataDir, 'klipt.lock'))).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 90_000);

  it('as ROLE=worker answers /api/health and /api/ready on its PORT and nothing else, and drains on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      cwd: root,
      env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ROLE: 'worker', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const get = (url: string) => fetch(`http://127.0.0.1:${port}${url}`);
    try {
      await waitFor(async () => (await get('/api/ready').catch(() => undefined))?.status === 200, {
        timeoutMs: 60_000,
        intervalMs: 100,
        message: 'the worker to be ready',
      });
      expect(await (await get('/api/health')).json()).toEqual({ status: 'ok' });
      expect(await (await get('/api/ready')).json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok', queue: 'ok' } });
      for (const url of ['/', '/api/me', '/api/collections', '/files/avatars/a/b.webp']) expect((await get(url)).status, url).toBe(404);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('Klipt worker is ready');
      expect(output).toContain('stopped cleanly');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 90_000);
});
