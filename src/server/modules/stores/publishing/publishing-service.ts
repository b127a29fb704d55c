import { findConnection } from '../repo.ts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { batchMessages } from '#contracts/batches.ts';
import { klipMessages } from '#contracts/klips.ts';
import { storeMessages, type Publication, type PublicationList, type PublishRequest } from '#contracts/stores.ts';
import { workspaceMessages } from '#contracts/workspaces.ts';
import { queryRows, type Db } from '#server/db/client.ts';
import { klips, storeProducts } from '#server/db/schema/index.ts';
import type { SignedInUser } from '#server/http/caller.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { AppError } from '#server/lib/app-error.ts';
import { canUseBatch, canUseStore } from '../../access/rules.ts';
import { findBatch } from '../../batches/repo.ts';
import { viewerFor } from '../../workspaces/context.ts';
import { queuePublication } from './job.ts';
import { findPublication, listPublicationRows, requeueFailed, upsertPublications, withProductTitles } from './publication-repo.ts';
import { toPublication } from './publication-json.ts';

export interface PublishingService {
  publish(user: SignedInUser, workspaceId: string, request: Required<PublishRequest>): Promise<PublicationList>;
  /** 'Publish all': every finished image of a batch onto the product its item was picked from. */
  publishBatch(user: SignedInUser, workspaceId: string, batchId: string, featured: boolean): Promise<PublicationList>;
  list(
    user: SignedInUser,
    workspaceId: string,
    filter: { klipId?: string | undefined; batchId?: string | undefined },
  ): Promise<PublicationList>;
  retry(user: SignedInUser, workspaceId: string, publicationId: string): Promise<Publication>;
}

function requireMember(user: SignedInUser, workspaceId: string): void {
  if (!canUseStore(viewerFor(user), workspaceId)) throw new AppError('NOT_FOUND', workspaceMessages.notFound);
}

/**
 * Publishing klips onto the workspace's store products (docs/product-rules.md#store-sync): any
 * member; the router already answered 404 to non-members and 403 PLAN_REQUIRED without store sync.
 * A klip is published onto a product once per store: asking again answers the publication that is
 * there (a failed one is queued again).
 */
export function createPublishingService(deps: { db: Db; jobs: JobQueue }): PublishingService {
  const { db } = deps;

  const requireConnection = async (workspaceId: string) => {
    const connection = await findConnection(db, workspaceId);
    if (!connection) throw new AppError('CONFLICT', storeMessages.notConnected);
    return connection;
  };

  const enqueue = async (
    user: SignedInUser,
    workspaceId: string,
    items: Array<{ klipId: string; productId: string; batchId: string | null }>,
    featured: boolean,
  ): Promise<PublicationList> => {
    const connection = await requireConnection(workspaceId);
    const klipIds = [...new Set(items.map((i) => i.klipId))];
    const productIds = [...new Set(items.map((i) => i.productId))];
    const [klipRows, productRows] = await Promise.all([
      db
        .select({ id: klips.id, klipType: klips.klipType })
        .from(klips)
        .where(and(inArray(klips.id, klipIds), eq(klips.workspaceId, workspaceId))),
      db
        .select({ id: storeProducts.id })
        .from(storeProducts)
        .where(and(inArray(storeProducts.id, productIds), eq(storeProducts.connectionId, connection.id), isNull(storeProducts.deletedAt))),
    ]);
    const foundKlips = new Map(klipRows.map((k) => [k.id, k]));
    for (const id of klipIds) {
      const klip = foundKlips.get(id);
      if (!klip) throw new AppError('NOT_FOUND', klipMessages.notFound);
      if (klip.klipType !== 'image') throw new AppError('VALIDATION_FAILED', storeMessages.klipNotPublishable);
    }
    const foundProducts = new Set(productRows.map((p) => p.id));
    if (productIds.some((id) => !foundProducts.has(id))) throw new AppError('NOT_FOUND', storeMessages.productNotFound);
    const { publications } = await db.transaction(async (tx) => {
      const result = await upsertPublications(
        tx,
        items.map((item) => ({
          workspaceId,
          connectionId: connection.id,
          productId: item.productId,
          klipId: item.klipId,
          batchId: item.batchId,
          requestedBy: user.id,
          featured,
        })),
      );
      for (const id of result.toQueue) await queuePublication(deps.jobs, tx, id);
      return result;
    });
    return { publications: (await withProductTitles(db, publications)).map(toPublication) };
  };

  return {
    async publish(user, workspaceId, request) {
      requireMember(user, workspaceId);
      const seen = new Set<string>();
      const items = request.items.filter((item) => {
        const key = `${item.klipId}:${item.productId}`;
        return seen.has(key) ? false : (seen.add(key), true);
      });
      return enqueue(
        user,
        workspaceId,
        items.map((item) => ({ ...item, batchId: null })),
        request.featured,
      );
    },

    async publishBatch(user, workspaceId, batchId, featured) {
      requireMember(user, workspaceId);
      const batch = await findBatch(db, batchId);
      if (!batch || batch.workspaceId !== workspaceId || !canUseBatch(viewerFor(user), batch)) {
        throw new AppError('NOT_FOUND', batchMessages.notFound);
      }
      const done = await queryRows<{ klip_id: string; store_product_id: string }>(
        db,
        sql`select j.klip_id, i.store_product_id
            from batch_items i
            join generation_jobs j on j.id = i.job_id
            join store_products p on p.id = i.store_product_id and p.deleted_at is null
            where i.batch_id = ${batchId} and j.status = 'succeeded' and j.klip_id is not null
            order by i.position`,
      );
      if (done.length === 0) throw new AppError('CONFLICT', storeMessages.nothingToPublish);
      return enqueue(
        user,
        workspaceId,
        done.map((row) => ({ klipId: row.klip_id, productId: row.store_product_id, batchId })),
        featured,
      );
    },

    async list(user, workspaceId, filter) {
      requireMember(user, workspaceId);
      if (!filter.klipId && !filter.batchId) return { publications: [] };
      return { publications: (await listPublicationRows(db, workspaceId, filter)).map(toPublication) };
    },

    async retry(user, workspaceId, publicationId) {
      requireMember(user, workspaceId);
      const found = await findPublication(db, workspaceId, publicationId);
      if (!found) throw new AppError('NOT_FOUND', storeMessages.publicationNotFound);
      const row = await db.transaction(async (tx) => {
        const requeued = await requeueFailed(tx, publicationId);
        if (!requeued) throw new AppError('CONFLICT', storeMessages.notRetryable);
        await queuePublication(deps.jobs, tx, publicationId);
        return requeued;
      });
      return toPublication((await withProductTitles(db, [row]))[0]!);
    },
  };
}
