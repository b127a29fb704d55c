import { lstat, opendir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { defineTask } from '../jobs/job.ts';
import type { Logger } from './logger.ts';

/**
 * A temporary file or folder older than this is a leftover of a process that died while writing it
 * (docs/operations.md#temporary-files): far longer than any write, upload or render lasts (the
 * longest, a video, is stopped after VIDEO_PROVIDER_TIMEOUT_SECONDS, at most an hour), and a file
 * being written keeps a fresh modification time.
 */
export const STALE_TEMP_AGE_MS = 6 * 60 * 60 * 1000;

/** A folder Klipt writes temporary files in, and which of its entries are Klipt's temporary files. */
export interface TempPlace {
  dir: string;
  /** Look in sub-folders too (the storage folder's key folders). */
  recursive: boolean;
  isTemp(name: string): boolean;
}

const endsInTmp = (name: string) => name.endsWith('.tmp');

/** What Klipt's processes write in the system's temporary folder (uploads, video frames, probed videos). */
const SYSTEM_TEMP_PREFIXES = ['klipt-upload-', 'klipt-video-', 'klipt-probe-'];

/**
 * Where temporary files are written: atomic writes of the local storage folder (`<key>.<uuid>.tmp`),
 * of the outbox and of the secrets file (`*.tmp`), and in the system's temporary folder the
 * uploads streamed to disk and the video renderer's and prober's working folders.
 */
export function tempPlaces(options: { dataDir: string; storageRoot: string | undefined; systemTemp: string }): TempPlace[] {
  return [
    ...(options.storageRoot ? [{ dir: options.storageRoot, recursive: true, isTemp: endsInTmp }] : []),
    { dir: path.join(options.dataDir, 'outbox'), recursive: false, isTemp: endsInTmp },
    { dir: options.dataDir, recursive: false, isTemp: endsInTmp },
    { dir: options.systemTemp, recursive: false, isTemp: (name) => SYSTEM_TEMP_PREFIXES.some((prefix) => name.startsWith(prefix)) },
  ];
}

/** Removes the temporary files (and working folders) of these places last modified before `olderThanMs` ago; their paths. */
export async function removeStaleTempFiles(
  places: readonly TempPlace[],
  options: { olderThanMs: number; now?: number },
): Promise<string[]> {
  const cutoff = (options.now ?? Date.now()) - options.olderThanMs;
  const removed: string[] = [];
  const visit = async (dir: string, place: TempPlace): Promise<void> => {
    let entries;
    try {
      entries = await opendir(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for await (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (place.isTemp(entry.name)) {
        const stats = await lstat(full).catch(() => null);
        if (stats && stats.mtimeMs < cutoff) {
          await rm(full, { recursive: true, force: true });
          removed.push(full);
        }
      } else if (place.recursive && entry.isDirectory()) {
        await visit(full, place);
      }
    }
  };
  for (const place of places) await visit(place.dir, place);
  return removed;
}

export interface TempFileSweeper {
  /** Removes stale temporary files; how many. */
  sweep(): Promise<number>;
}

export function createTempFileSweeper(deps: {
  dataDir: string;
  storageRoot: string | undefined;
  logger: Logger;
  olderThanMs?: number;
}): TempFileSweeper {
  return {
    async sweep() {
      // Read each time: TMPDIR is the process's, and tests point it elsewhere.
      const places = tempPlaces({ dataDir: deps.dataDir, storageRoot: deps.storageRoot, systemTemp: os.tmpdir() });
      const removed = await removeStaleTempFiles(places, { olderThanMs: deps.olderThanMs ?? STALE_TEMP_AGE_MS });
      if (removed.length > 0) deps.logger.info({ removed }, `removed ${removed.length} stale temporary file(s)`);
      return removed.length;
    },
  };
}

/** At start and every hour; an API-only process sweeps once at start (start-server.ts). */
export const sweepTempFilesTask = defineTask({
  name: 'sweep-temp-files',
  atStart: true,
  everySeconds: 3_600,
  run: ({ tempFiles }: { tempFiles: TempFileSweeper }) => tempFiles.sweep(),
});
