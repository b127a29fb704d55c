import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateSessionSecret } from './secrets.ts';

describe('session secret', () => {
  it('is generated once, kept private in DATA_DIR and reused', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'klipt-secret-'));
    try {
      const first = await loadOrCreateSessionSecret(path.join(dir, 'nested'));
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(await loadOrCreateSessionSecret(path.join(dir, 'nested'))).toBe(first);
      expect((await stat(path.join(dir, 'nested', 'secrets.json'))).mode & 0o777).toBe(0o600);
      const other = await mkdtemp(path.join(os.tmpdir(), 'klipt-secret-'));
      expect(await loadOrCreateSessionSecret(other)).not.toBe(first);
      await rm(other, { recursive: true, force: true });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
