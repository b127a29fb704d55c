import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { defineJob } from '../../jobs/job.ts';
import type { Logger } from '../../lib/logger.ts';
import { klipFileVisibility, type Storage } from '../../providers/storage/storage.ts';
import { lockKlip } from './repo.ts';
import { socialCardKey } from './social-card.ts';

export interface KlipFileVisibility {
  /**
   * Brings a klip's files (media, thumbnail, poster) to its row's visibility: on object storage a
   * private klip's files leave the publicly readable prefix, so its old public URLs stop working.
   * A private klip's link-preview card is removed (it is drawn again when the klip is public).
   * Under the klip's row lock, so two changes in a row end as the last one; idempotent.
   */
  sync(klipId: string): Promise<void>;
  /** The same right after a change commits; a failure is left to the queued job. */
  syncNow(klipId: string): Promise<void>;
}

export function createKlipFileVisibility(deps: { db: Db; storage: Storage; logger: Logger }): KlipFileVisibility {
  const sync = async (klipId: string) => {
    await deps.db.transaction(async (tx) => {
      const klip = await lockKlip(tx, klipId);
      if (!klip) return;
      const visibility = klipFileVisibility(klip);
      for (const key of [klip.mediaKey, klip.thumbnailKey, klip.posterKey]) {
        if (key) await deps.storage.setVisibility(key, visibility);
      }
      const card = socialCardKey(klip);
      if (!klip.isPublic && card) await deps.storage.delete(card);
    });
  };
  return {
    sync,
    async syncNow(klipId) {
      await sync(klipId).catch((err: unknown) => deps.logger.warn({ err, klipId }, 'klip files: visibility change left to its job'));
    },
  };
}

/**
 * Queued in the transaction that changes a klip's visibility: if the process dies before the files
 * are moved, a worker moves them (docs/operations.md#media-files).
 */
export const syncKlipFilesJob = defineJob({
  name: 'sync-klip-file-visibility',
  options: { retryLimit: 10, retryDelay: 5, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 120 },
  payload: z.object({ klipId: z.uuid() }),
  handler: async ({ klipId }, { klipFiles }: { klipFiles: KlipFileVisibility }) => klipFiles.sync(klipId),
});
