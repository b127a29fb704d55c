import { findConnection } from '../repo.ts';
import { storeMessages } from '#contracts/stores.ts';
import type { Db } from '#server/db/client.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import type { Logger } from '#server/lib/logger.ts';
import { StoreError } from '#server/providers/stores/store-client.ts';
import type { ExportService } from '../../exports/service.ts';
import { findKlip } from '../../klips/repo.ts';
import type { StoreClients } from '../clients.ts';
import { publicationAltText, publicationFileName } from './alt-text.ts';
import { queuePublication, type StorePublisher } from './job.ts';
import { claimPublication, leaseOverduePublications, markAttaching, markFailed, markPublished, markRetrying } from './publication-repo.ts';
import { eq } from 'drizzle-orm';
import { storeProducts } from '#server/db/schema/index.ts';

/** The waits before the next tries when the store cannot be reached (then the publication fails; 'Retry' starts again). */
export const PUBLISH_RETRY_DELAYS_SECONDS = [30, 120, 600, 1800] as const;

/**
 * Publishes one klip onto one product: the 'Shopify product' export of the klip is uploaded and
 * attached as the product's media (never replacing any). Before attaching, the publication is marked
 * 'attaching'; a try that finds it so (the last one died, or lost Shopify's answer) first looks for
 * its file on the product, so the image is added once.
 */
export function createStorePublisher(deps: {
  db: Db;
  jobs: JobQueue;
  clients: StoreClients;
  exports: ExportService;
  logger: Logger;
}): StorePublisher {
  const { db } = deps;
  return {
    async attempt(publicationId) {
      const publication = await claimPublication(db, publicationId);
      if (!publication) return;
      const log = deps.logger.child({ publication: publicationId });
      try {
        const [connection, klip, product] = await Promise.all([
          findConnection(db, publication.workspaceId),
          findKlip(db, publication.klipId),
          db
            .select()
            .from(storeProducts)
            .where(eq(storeProducts.id, publication.productId))
            .then((rows) => rows[0]),
        ]);
        if (!connection || connection.id !== publication.connectionId)
          return await markFailed(db, publicationId, storeMessages.publishDisconnected);
        if (!klip) return await markFailed(db, publicationId, storeMessages.publishKlipGone);
        if (!product || product.deletedAt) return await markFailed(db, publicationId, storeMessages.productGone);
        const client = deps.clients.forConnection(connection);
        const fileName = publicationFileName(publicationId);
        if (publication.stage === 'attaching') {
          const mediaId = await client.findPublishedMedia(product.externalId, fileName);
          if (mediaId) return await markPublished(db, publicationId, mediaId);
        }
        const data = await deps.exports.renderForKlip(klip, 'shopify-product', 'pad');
        await markAttaching(db, publicationId);
        const { mediaId } = await client.publishImage({
          productExternalId: product.externalId,
          data,
          fileName,
          alt: publicationAltText(product.title, klip.prompt),
          featured: publication.featured,
        });
        await markPublished(db, publicationId, mediaId);
        log.info({ mediaId }, 'klip published to the store');
      } catch (err) {
        if (!(err instanceof StoreError)) {
          log.error({ err }, 'publishing failed');
          return await retryOrFail(publicationId, publication.attempts, storeMessages.publishUnreachable('an unexpected error'));
        }
        if (err.kind === 'unavailable')
          return await retryOrFail(publicationId, publication.attempts, storeMessages.publishUnreachable(err.message));
        if (err.kind === 'unauthorized') return await markFailed(db, publicationId, storeMessages.publishUnauthorized);
        if (err.kind === 'not_found') return await markFailed(db, publicationId, storeMessages.productGone);
        await markFailed(db, publicationId, err.message);
      }
    },

    async recoverOverdue() {
      const ids = await leaseOverduePublications(db);
      for (const id of ids) await queuePublication(deps.jobs, undefined, id);
      if (ids.length > 0) deps.logger.warn({ count: ids.length }, 'queued lost store publications again');
      return ids.length;
    },
  };

  async function retryOrFail(publicationId: string, attempts: number, error: string) {
    const delay = PUBLISH_RETRY_DELAYS_SECONDS[attempts - 1];
    if (delay === undefined) return markFailed(db, publicationId, error);
    await db.transaction(async (tx) => {
      await markRetrying(tx, publicationId, error, delay);
      await queuePublication(deps.jobs, tx, publicationId, delay);
    });
  }
}
