import type { StoreConnection, StoreProduct } from '#contracts/stores.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import type { StoreConnectionRow } from './clients.ts';
import { catalogueCounts, connectorName, imagesOfProducts, publishedCounts, type StoreProductRow } from './repo.ts';

/** A connection as members see it: never its token or webhook secret. */
export async function toStoreConnection(db: DbOrTx, row: StoreConnectionRow): Promise<StoreConnection> {
  const counts = await catalogueCounts(db, row.id);
  return {
    id: row.id,
    platform: row.platform,
    method: row.method,
    shopDomain: row.shopDomain,
    shopName: row.shopName,
    liveUpdates: row.liveUpdates,
    connectedAt: row.connectedAt.toISOString(),
    connectedByName: await connectorName(db, row.connectedBy),
    sync: {
      status: row.syncStatus,
      productCount: counts.products,
      imageCount: counts.images,
      lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
      error: row.syncError,
    },
  };
}

/** Products with their images (thumbnails of the product photos Klipt copied them into) and publish counts. */
export async function toStoreProducts(db: DbOrTx, storage: Storage, rows: readonly StoreProductRow[]): Promise<StoreProduct[]> {
  const ids = rows.map((r) => r.id);
  const [images, published] = await Promise.all([imagesOfProducts(db, ids), publishedCounts(db, ids)]);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      externalId: row.externalId,
      title: row.title,
      handle: row.handle,
      status: row.status,
      vendor: row.vendor,
      productType: row.productType,
      tags: row.tags,
      images: await Promise.all(
        images
          .filter(({ image }) => image.productId === row.id)
          .map(async ({ image, upload }) => ({
            id: image.id,
            uploadId: upload ? image.uploadId : null,
            thumbnailUrl: upload ? await storage.signedUrl(upload.thumbnailKey ?? upload.key) : null,
            alt: image.alt,
            width: upload?.width ?? null,
            height: upload?.height ?? null,
          })),
      ),
      publishedCount: published.get(row.id) ?? 0,
      updatedAt: row.externalUpdatedAt.toISOString(),
    })),
  );
}
