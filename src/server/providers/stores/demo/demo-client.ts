import { randomUUID } from 'node:crypto';
import { DEMO_STORE_DOMAIN, DEMO_STORE_NAME, STORE_IMAGES_PER_PRODUCT } from '#contracts/stores.ts';
import type { Db } from '#server/db/client.ts';
import type { Storage } from '../../storage/storage.ts';
import { StoreError, type StoreClient, type StoreImageData, type StoreProductData } from '../store-client.ts';
import {
  DEMO_CATALOGUE_UPDATED_AT,
  DEMO_PHOTO_SIZE,
  demoCatalogue,
  demoProductByExternalId,
  demoProductByHandle,
  demoProductExternalId,
  type DemoProduct,
} from './catalogue.ts';
import {
  findDemoMediaByFileName,
  findDemoMediaById,
  insertDemoMedia,
  listAllDemoMedia,
  listDemoMedia,
  type DemoMediaRow,
} from './media-repo.ts';
import { demoPhoto } from './photos.ts';
import { demoProductMedia, publishedMediaExternalId } from './product-media.ts';

export interface DemoStoreDeps {
  db: Db;
  storage: Storage;
  workspaceId: string;
}

/** Image URLs the demo store hands out: fetchImage reads them back (they are never fetched over HTTP). */
const CATALOGUE_URL = /^demo-store:catalogue\/([a-z0-9-]+)\/(\d+)$/;
const MEDIA_URL = /^demo-store:media\/([0-9a-f-]{36})$/;
export const demoCatalogueImageUrl = (product: DemoProduct, n: number): string => `demo-store:catalogue/${product.handle}/${n}`;
export const demoMediaImageUrl = (rowId: string): string => `demo-store:media/${rowId}`;

/** Where a workspace's published image is kept. */
export const demoMediaKey = (workspaceId: string, id: string): string => `demo-store/${workspaceId}/${id}.jpg`;

/**
 * The built-in demo store as a StoreClient (docs/product-rules.md#demo-store): the catalogue is
 * code, the media a workspace publishes are its rows in `demo_store_media`, so each workspace has
 * a demo store of its own that the import, the picker and the publish jobs use like a real shop.
 */
export function createDemoStoreClient({ db, storage, workspaceId }: DemoStoreDeps): StoreClient {
  return {
    async shop() {
      return { name: DEMO_STORE_NAME, domain: DEMO_STORE_DOMAIN };
    },

    async listProducts({ cursor, updatedSince, pageSize }) {
      const media = await listAllDemoMedia(db, workspaceId);
      const after = cursor === null ? null : decodeDemoCursor(cursor);
      const since = updatedSince === null ? null : Date.parse(updatedSince);
      const products = demoCatalogue
        .map((product) => productData(product, media.get(product.handle) ?? []))
        .filter((product) => since === null || Date.parse(product.updatedAt) >= since)
        .sort(byUpdatedAt)
        .filter((product) => after === null || byUpdatedAt(product, after) > 0);
      const page = products.slice(0, Math.max(1, pageSize));
      const last = page.at(-1);
      return { products: page, nextCursor: products.length > page.length && last ? encodeDemoCursor(last) : null };
    },

    async getProduct(externalId) {
      const product = demoProductByExternalId(externalId);
      if (!product) return null;
      const media = await listDemoMedia(db, workspaceId, product.handle);
      return productData(product, media);
    },

    async fetchImage(url, maxBytes) {
      const data = await readDemoImage(url);
      if (data.length > maxBytes) throw new StoreError('too_large', `The image is larger than ${maxBytes} bytes.`);
      return data;
    },

    async publishImage({ productExternalId, data, fileName, alt, featured }) {
      const product = demoProductByExternalId(productExternalId);
      if (!product) throw new StoreError('not_found', 'The demo store has no such product.');
      const storageKey = demoMediaKey(workspaceId, randomUUID());
      await storage.put(storageKey, data, { contentType: 'image/jpeg', visibility: 'private' });
      try {
        const id = await insertDemoMedia(db, {
          workspaceId,
          handle: product.handle,
          storageKey,
          fileName,
          alt,
          featured,
          cataloguePhotos: product.photos.length,
        });
        return { mediaId: publishedMediaExternalId(id) };
      } catch (err) {
        await storage.delete(storageKey);
        throw err;
      }
    },

    async findPublishedMedia(productExternalId, fileName) {
      const product = demoProductByExternalId(productExternalId);
      if (!product) return null;
      const row = await findDemoMediaByFileName(db, workspaceId, product.handle, fileName);
      return row ? publishedMediaExternalId(row.id) : null;
    },

    // The demo store lives in this database: publishing updates it at once and nothing outside
    // changes it, so there is nothing to subscribe to and no app to uninstall.
    async registerWebhooks() {},
    async uninstall() {},
  };

  async function readDemoImage(url: string): Promise<Buffer> {
    const catalogue = CATALOGUE_URL.exec(url);
    if (catalogue) {
      const product = demoProductByHandle(catalogue[1]!);
      const n = Number(catalogue[2]);
      if (product && n >= 1 && n <= product.photos.length) return demoPhoto(storage, product, n);
    }
    const media = MEDIA_URL.exec(url);
    if (media) {
      const row = await findDemoMediaById(db, workspaceId, media[1]!);
      const data = row ? await storage.get(row.storageKey) : null;
      if (data) return data;
    }
    throw new StoreError('not_found', 'The demo store has no such image.');
  }
}

/** A product as the store gives it, with its media in the store's order. */
function productData(product: DemoProduct, published: readonly DemoMediaRow[]): StoreProductData {
  const images = demoProductMedia(product, published)
    .slice(0, STORE_IMAGES_PER_PRODUCT)
    .map((medium): StoreImageData =>
      medium.kind === 'catalogue'
        ? {
            externalId: medium.externalId,
            url: demoCatalogueImageUrl(product, medium.n),
            alt: medium.alt,
            width: DEMO_PHOTO_SIZE,
            height: DEMO_PHOTO_SIZE,
          }
        : { externalId: medium.externalId, url: demoMediaImageUrl(medium.row.id), alt: medium.row.alt, width: null, height: null },
    );
  return {
    externalId: demoProductExternalId(product),
    title: product.title,
    handle: product.handle,
    status: product.status,
    vendor: product.vendor,
    productType: product.productType,
    tags: [...product.tags],
    description: product.description,
    updatedAt: demoProductUpdatedAt(published),
    images,
  };
}

/** The later of the catalogue's date and the newest media published onto the product. */
function demoProductUpdatedAt(published: readonly DemoMediaRow[]): string {
  const latest = published.reduce((time, row) => Math.max(time, row.createdAt.getTime()), Date.parse(DEMO_CATALOGUE_UPDATED_AT));
  return new Date(latest).toISOString();
}

interface CursorKey {
  updatedAt: string;
  externalId: string;
}

/** updatedAt ascending, then id: the order Shopify pages products by UPDATED_AT in. */
function byUpdatedAt(a: CursorKey, b: CursorKey): number {
  return Date.parse(a.updatedAt) - Date.parse(b.updatedAt) || a.externalId.localeCompare(b.externalId);
}

function encodeDemoCursor(last: CursorKey): string {
  return Buffer.from(JSON.stringify([last.updatedAt, last.externalId]), 'utf8').toString('base64url');
}

function decodeDemoCursor(cursor: string): CursorKey {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && typeof parsed[0] === 'string' && typeof parsed[1] === 'string' && !Number.isNaN(Date.parse(parsed[0]))) {
      return { updatedAt: parsed[0], externalId: parsed[1] };
    }
  } catch {
    // falls through to the error below
  }
  throw new StoreError('rejected', 'The demo store does not know this cursor.');
}
