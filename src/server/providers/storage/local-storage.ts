import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, type Storage } from './storage.ts';
import { signedUrlExpiry, signLocalFile } from './url-signing.ts';

export interface LocalStorageOptions {
  /** Signs private files' URLs (mediaSigningKey); the /files route checks them with the same key. */
  signingKey: Buffer;
  /** Lifetime of a signed URL. */
  signedUrlSeconds: number;
  urlPrefix?: string;
  now?: () => number;
}

/**
 * Files in a folder (DATA_DIR/storage), served by the app under /files/. Visibility is decided when
 * a file is served (src/server/modules/access/media-files.ts), so changing it moves nothing here.
 */
export function createLocalStorage(root: string, options: LocalStorageOptions): Storage {
  const urlPrefix = options.urlPrefix ?? '/files';
  const now = options.now ?? Date.now;
  const resolve = (key: string) => {
    assertValidKey(key);
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('storage key escapes the root');
    return full;
  };

  return {
    localRoot: path.resolve(root),
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file, a crash never leaves one.
      const tmp = `${file}.${randomUUID()}.tmp`;
      try {
        if (data instanceof Readable) await pipeline(data, createWriteStream(tmp));
        else await writeFile(tmp, data);
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async getStream(key) {
      const file = resolve(key);
      try {
        await stat(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      return createReadStream(file);
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async setVisibility(key) {
      resolve(key);
    },
    publicUrl(key) {
      assertValidKey(key);
      return `${urlPrefix}/${key}`;
    },
    async signedUrl(key) {
      assertValidKey(key);
      const { expiresAt } = signedUrlExpiry(now(), options.signedUrlSeconds);
      return `${urlPrefix}/${key}?${signLocalFile(options.signingKey, key, expiresAt)}`;
    },
    async check() {
      await mkdir(root, { recursive: true });
      await access(root);
    },
  };
}
