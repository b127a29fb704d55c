import { spawnSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverLaunch } from './server-process.ts';

describe('the server process is started with its memory settings (docs/operations.md#memory)', () => {
  it('gives Node a 16 MB young generation, an old generation collected at 20% growth, and glibc two arenas and a fixed 32 KB mmap threshold', () => {
    expect(serverLaunch('/app/main.ts', { PATH: '/bin', PORT: '3000' })).toEqual({
      args: ['--max-semi-space-size=16', '--heap-growing-percent=20', '/app/main.ts'],
      env: { PATH: '/bin', PORT: '3000', MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768' },
    });
  });

  it("keeps the operator's own settings", () => {
    const launch = serverLaunch('/app/main.ts', { NODE_OPTIONS: '--max-semi-space-size=32', MALLOC_ARENA_MAX: '4', UNSET: undefined });
    expect(launch.args).toEqual(['--heap-growing-percent=20', '/app/main.ts']);
    expect(launch.env).toEqual({ NODE_OPTIONS: '--max-semi-space-size=32', MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '32768' });
  });
});

describe('the server entry', () => {
  it('re-executes itself once with the settings, whoever starts it', async () => {
    const probe = `
      import { relaunchWithServerSettings } from ${JSON.stringify(path.join(import.meta.dirname, 'server-process.ts'))};
      relaunchWithServerSettings(process.argv[1]);
      console.log(JSON.stringify({ pid: process.pid, execArgv: process.execArgv, arenas: process.env.MALLOC_ARENA_MAX, mmap: process.env.MALLOC_MMAP_THRESHOLD_ }));
    `;
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'klipt-relaunch-')), 'entry.ts');
    await writeFile(file, probe);
    const run = spawnSync(process.execPath, [file], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' }, timeout: 30_000 });
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({
      pid: run.pid,
      execArgv: ['--max-semi-space-size=16', '--heap-growing-percent=20'],
      arenas: '2',
      mmap: '32768',
    });
  });
});
