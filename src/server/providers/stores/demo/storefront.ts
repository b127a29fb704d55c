import type { DemoStorefrontProduct } from '#contracts/stores.ts';
import type { DbOrTx } from '#server/db/client.ts';
import type { Storage } from '../../storage/storage.ts';
import { demoProductByHandle } from './catalogue.ts';
import { deleteDemoMedia, listDemoMedia } from './media-repo.ts';
import { storedDemoPhotoKey } from './photos.ts';
import { demoProductMedia } from './product-media.ts';

export interface DemoStorefrontDeps {
  db: DbOrTx;
  storage: Storage;
  workspaceId: string;
}

/**
 * A demo product's page as a shopper of the workspace's demo store sees it: its photos and the
 * media Klipt published onto it, in the store's order, each behind a signed URL. Null for a
 * handle the catalogue does not have.
 */
export async function demoStorefrontProduct({
  db,
  storage,
  workspaceId,
  handle,
}: DemoStorefrontDeps & { handle: string }): Promise<DemoStorefrontProduct | null> {
  const product = demoProductByHandle(handle);
  if (!product) return null;
  const published = await listDemoMedia(db, workspaceId, handle);
  const media = await Promise.all(
    demoProductMedia(product, published).map(async (medium) =>
      medium.kind === 'catalogue'
        ? {
            id: medium.externalId,
            url: await storage.signedUrl(await storedDemoPhotoKey(storage, product, medium.n)),
            alt: medium.alt,
            addedByKlipt: false,
          }
        : { id: medium.externalId, url: await storage.signedUrl(medium.row.storageKey), alt: medium.row.alt, addedByKlipt: true },
    ),
  );
  return {
    handle: product.handle,
    title: product.title,
    description: product.description,
    vendor: product.vendor,
    price: product.price,
    media,
  };
}

/** Puts the workspace's demo store back as it was: the media published onto it go, rows and files. */
export async function resetDemoStore({ db, storage, workspaceId }: DemoStorefrontDeps): Promise<{ removed: number }> {
  const keys = await deleteDemoMedia(db, workspaceId);
  // Rows first: a file left by a failed delete is unreachable, a row without its file would be a broken image.
  for (const key of keys) await storage.delete(key);
  return { removed: keys.length };
}
