import { UPLOAD_MAX_BYTES, uploadMessages } from '#contracts/uploads.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { StoreError, type StoreClient, type StoreProductData } from '../../providers/stores/store-client.ts';
import type { UploadOwner, UploadService } from '../uploads/service.ts';
import type { StoreConnectionRow } from './clients.ts';
import { removeImagesOtherThan, setImageCopy, upsertImage, upsertProduct, type StoreImageRow } from './repo.ts';

export interface ProductSyncDeps {
  db: Db;
  uploads: Pick<UploadService, 'store'>;
}

/** Why an image could not become a product photo, in words a seller understands. */
function copyErrorOf(err: unknown): string {
  if (err instanceof AppError) return err.message;
  if (err instanceof StoreError)
    return err.kind === 'too_large' ? uploadMessages.tooLarge : `The image could not be downloaded: ${err.message}`;
  return 'The image could not be copied.';
}

function fileNameOf(product: StoreProductData, url: string): string {
  const last = new URL(url, 'http://x').pathname.split('/').pop() ?? '';
  return last || `${product.handle}.jpg`;
}

/**
 * Brings Klipt's copy of one product up to date with the store: its fields, its images (ones gone
 * from the store are dropped, their uploads stay) and a product photo for each new image, made
 * through the same checks as any upload. An image failing them keeps its reason in `copyError`.
 * `owner` null: nobody left to own the photos, so new images are recorded but not copied.
 */
export async function syncProduct(
  deps: ProductSyncDeps,
  connection: StoreConnectionRow,
  client: StoreClient,
  owner: UploadOwner | null,
  product: StoreProductData,
): Promise<void> {
  const { db } = deps;
  const images = await db.transaction(async (tx) => {
    const row = await upsertProduct(tx, {
      connectionId: connection.id,
      workspaceId: connection.workspaceId,
      externalId: product.externalId,
      title: product.title,
      handle: product.handle,
      status: product.status,
      vendor: product.vendor,
      productType: product.productType,
      tags: product.tags,
      description: product.description,
      externalUpdatedAt: new Date(product.updatedAt),
    });
    await removeImagesOtherThan(
      tx,
      row.id,
      product.images.map((i) => i.externalId),
    );
    const rows: StoreImageRow[] = [];
    for (const [position, image] of product.images.entries()) {
      rows.push(await upsertImage(tx, { productId: row.id, externalId: image.externalId, sourceUrl: image.url, alt: image.alt, position }));
    }
    return rows;
  });
  if (!owner) return;
  for (const image of images) {
    if (image.uploadId || image.copyError) continue;
    try {
      const data = await client.fetchImage(image.sourceUrl, UPLOAD_MAX_BYTES);
      const upload = await deps.uploads.store(owner, { data, filename: fileNameOf(product, image.sourceUrl) });
      await setImageCopy(db, image.id, { uploadId: upload.id });
    } catch (err) {
      // The store refusing the token is no fault of the image: the import as a whole fails.
      if (err instanceof StoreError && err.kind === 'unauthorized') throw err;
      await setImageCopy(db, image.id, { copyError: copyErrorOf(err) });
    }
  }
}
