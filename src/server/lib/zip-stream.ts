import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import type { Logger } from './logger.ts';

export interface ZipEntry {
  /** Read when its turn comes, so only one file is open at a time; null skips it (the file is gone). */
  load(): Promise<{ name: string; data: Buffer | Readable } | null>;
}

/**
 * A ZIP written as it is read: entries are stored, not deflated (JPEG and PNG do not shrink), one
 * at a time, each chunk only after the reader took the previous ones, so memory stays flat for any
 * number of images. A reader that goes away stops the work.
 */
export function streamZip(entries: readonly ZipEntry[], logger: Logger): Readable {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      out.destroy(err);
      return;
    }
    if (!out.destroyed) out.write(chunk);
    if (final) out.end();
  });
  const taken = async () => {
    if (out.writableNeedDrain && !out.destroyed) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  };

  const write = async () => {
    for (const entry of entries) {
      if (out.destroyed) return;
      const loaded = await entry.load();
      if (!loaded) continue;
      const file = new ZipPassThrough(loaded.name);
      file.mtime = new Date();
      zip.add(file);
      if (Buffer.isBuffer(loaded.data)) {
        file.push(loaded.data, true);
      } else {
        for await (const chunk of loaded.data as AsyncIterable<Buffer>) {
          if (out.destroyed) {
            loaded.data.destroy();
            return;
          }
          file.push(chunk, false);
          await taken();
        }
        file.push(new Uint8Array(0), true);
      }
      await taken();
    }
    zip.end();
  };
  write().catch((err: unknown) => {
    logger.warn({ err }, 'ZIP stream failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
