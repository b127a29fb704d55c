import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireEmbeddedLock, EmbeddedDatabaseBusyError } from './embedded-lock.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'klipt-lock-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('embedded database lock', () => {
  it('is taken, refused to a second owner while its process lives, and released', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await writeFile(path.join(dir, 'klipt.lock'), String(child.pid));
      await expect(acquireEmbeddedLock(dir)).rejects.toBeInstanceOf(EmbeddedDatabaseBusyError);
      await expect(acquireEmbeddedLock(dir)).rejects.toThrow(/in use by a running Klipt process \(pid \d+\)/);
    } finally {
      child.kill();
    }
  });

  it('takes over a stale lock whose process is gone', async () => {
    await writeFile(path.join(dir, 'klipt.lock'), '999999');
    const release = await acquireEmbeddedLock(dir);
    expect(await readFile(path.join(dir, 'klipt.lock'), 'utf8')).toBe(String(process.pid));
    await release();
    const again = await acquireEmbeddedLock(dir);
    await again();
  });
});
