import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey, type Storage } from './storage.ts';

/** Files in a folder (DATA_DIR/storage), served by the app under /files/. */
export function createLocalStorage(root: string, urlPrefix = '/files'): Storage {
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
      await writeFile(tmp, data);
      await rename(tmp, file);
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    publicUrl(key) {
      assertValidKey(key);
      return `${urlPrefix}/${key}`;
    },
  };
}
