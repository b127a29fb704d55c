import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

export class EmbeddedDatabaseBusyError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by a running Klipt process (pid ${pid}). ` +
        `Stop that process first (or point DATABASE_URL at PostgreSQL); nothing was changed.`,
    );
    this.name = 'EmbeddedDatabaseBusyError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has one writer: two processes opening the same folder would corrupt it. The lock file
 * holds the owner's pid; a stale one (its process gone) is taken over.
 */
export async function acquireEmbeddedLock(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'klipt.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return async () => {
        await rm(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new EmbeddedDatabaseBusyError(dataDir, pid);
      }
      await rm(file, { force: true });
    }
  }
  throw new Error(`Could not take the embedded database lock in ${dataDir}`);
}
