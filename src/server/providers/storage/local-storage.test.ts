import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage.ts';
import { contentTypeForKey, isValidKey } from './storage.ts';

const options = { signingKey: Buffer.from('test signing key'), signedUrlSeconds: 900 };
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'klipt-storage-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('local storage', () => {
  it('writes, reads, overwrites and deletes files under its root', async () => {
    const storage = createLocalStorage(root, options);
    const key = 'klips/u1/a1b2c3.png';
    await storage.put(key, Buffer.from('one'), { contentType: 'image/png', visibility: 'public' });
    expect((await storage.get(key))?.toString()).toBe('one');
    await storage.put(key, Buffer.from('two'), { contentType: 'image/png', visibility: 'public' });
    expect((await storage.get(key))?.toString()).toBe('two');
    expect(await readdir(path.join(root, 'klips', 'u1'))).toEqual(['a1b2c3.png']);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
  });

  it('gives the public URL under /files', () => {
    expect(createLocalStorage(root, options).publicUrl('avatars/u1/avatar.webp')).toBe('/files/avatars/u1/avatar.webp');
  });

  it.each(['../etc/passwd', '/abs/path.png', 'klips/../../x.png', 'klips/u1/a b.png', 'klips', 'Klips/x.png', 'klips/u1/.hidden', ''])(
    'refuses the key %j',
    async (key) => {
      const storage = createLocalStorage(root, options);
      expect(isValidKey(key)).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'image/png', visibility: 'public' })).rejects.toThrow(
        /invalid storage key/,
      );
      await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
    },
  );

  it('maps extensions to content types', () => {
    expect(contentTypeForKey('a/b.webp')).toBe('image/webp');
    expect(contentTypeForKey('a/b.MP4')).toBe('video/mp4');
    expect(contentTypeForKey('a/b.jpeg')).toBe('image/jpeg');
    expect(contentTypeForKey('a/b.bin')).toBe('application/octet-stream');
  });
});
