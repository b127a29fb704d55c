import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Logger } from '../../lib/logger.ts';
import { StoreError } from '../../providers/stores/store-client.ts';
import type { UploadOwner } from '../uploads/service.ts';
import type { StoreClients, StoreConnectionRow } from './clients.ts';
import { importStoreCatalogueJob } from './jobs.ts';
import { syncProduct, type ProductSyncDeps } from './product-sync.ts';
import { claimImport, findConnectionById, importOwnerId, runningImports, updateConnection } from './repo.ts';

/** Products asked of the store per page. */
export const IMPORT_PAGE_SIZE = 25;

export interface StoreImporter {
  /** Imports what changed since the connection's watermark, page by page from its saved cursor. */
  run(connectionId: string): Promise<void>;
  /** Queues again imports left 'running' with no job alive (a worker that died). */
  recoverStalled(): Promise<number>;
}

/** Marks the import running (unless it is) and queues its job in the same transaction; false when one was running. */
export async function queueImport(db: Db, jobs: JobQueue, connectionId: string, options: { full?: boolean } = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    const reset = options.full ? { syncWatermark: null, syncCursor: null } : {};
    if (!(await claimImport(tx, connectionId, reset))) return false;
    await jobs.send(importStoreCatalogueJob, { connectionId }, { tx, singletonKey: `store:${connectionId}` });
    return true;
  });
}

function readableError(err: unknown): string {
  if (err instanceof StoreError) {
    if (err.kind === 'unauthorized') return 'The store refused Klipt’s access: disconnect and connect it again.';
    if (err.kind === 'unavailable') return 'The store could not be reached. Try “Sync now” again shortly.';
    return err.message;
  }
  return 'The import stopped on an unexpected error. Try “Sync now” again.';
}

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

export function createStoreImporter(deps: ProductSyncDeps & { jobs: JobQueue; clients: StoreClients; logger: Logger }): StoreImporter {
  const { db, jobs, clients, logger } = deps;

  const ownerOf = async (connection: StoreConnectionRow): Promise<UploadOwner | null> => {
    const id = await importOwnerId(db, connection);
    return id ? { id, workspace: { id: connection.workspaceId } } : null;
  };

  const importPages = async (connection: StoreConnectionRow) => {
    const client = clients.forConnection(connection);
    const owner = await ownerOf(connection);
    const updatedSince = connection.syncWatermark?.toISOString() ?? null;
    let cursor = connection.syncCursor;
    let newest: Date | null = null;
    for (;;) {
      const page = await client.listProducts({ cursor, updatedSince, pageSize: IMPORT_PAGE_SIZE });
      for (const product of page.products) {
        await syncProduct(deps, connection, client, owner, product);
        newest = later(newest, new Date(product.updatedAt));
      }
      cursor = page.nextCursor;
      if (!cursor) break;
      // Saved after each page: an import that is restarted goes on from here.
      await updateConnection(db, connection.id, { syncCursor: cursor });
    }
    await updateConnection(db, connection.id, {
      syncStatus: 'idle',
      syncError: null,
      syncCursor: null,
      syncWatermark: later(connection.syncWatermark, newest),
      lastSyncedAt: new Date(),
    });
  };

  return {
    async run(connectionId) {
      const connection = await findConnectionById(db, connectionId);
      // Disconnected meanwhile, or already finished by a job that ran twice.
      if (!connection || connection.syncStatus !== 'running') return;
      try {
        await importPages(connection);
      } catch (err) {
        logger.warn({ err, connectionId }, 'store catalogue import failed');
        await updateConnection(db, connectionId, { syncStatus: 'failed', syncError: readableError(err) });
      }
    },

    async recoverStalled() {
      const running = await runningImports(db);
      if (running.length === 0) return 0;
      const ids = running.map((c) => c.id);
      const entries = await jobs.unfinished(importStoreCatalogueJob, 'connectionId', ids);
      const alive = new Set(entries.filter((e) => e.alive).map((e) => e.value));
      const dead = entries.filter((e) => !e.alive).map((e) => e.id);
      if (dead.length > 0) await jobs.cancel(importStoreCatalogueJob, dead);
      let recovered = 0;
      for (const id of ids.filter((i) => !alive.has(i))) {
        await jobs.send(importStoreCatalogueJob, { connectionId: id }, { singletonKey: `store:${id}` });
        recovered += 1;
      }
      if (recovered > 0) logger.info({ recovered }, 'store catalogue imports queued again');
      return recovered;
    },
  };
}
