import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateSecrets, loadOrCreateSessionSecret } from './secrets.ts';

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

describe('store token key', () => {
  it('is added to an older secrets file without changing its session secret', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'klipt-secret-'));
    try {
      const sessionSecret = 'x'.repeat(40);
      await writeFile(path.join(dir, 'secrets.json'), JSON.stringify({ sessionSecret }));
      const secrets = await loadOrCreateSecrets(dir);
      expect(secrets.sessionSecret).toBe(sessionSecret);
      expect(Buffer.from(secrets.storeTokenKey, 'base64')).toHaveLength(32);
      expect(JSON.parse(await readFile(path.join(dir, 'secrets.json'), 'utf8'))).toEqual(secrets);
      expect(await loadOrCreateSecrets(dir)).toEqual(secrets);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
