import type { StoreProductStatus } from '#contracts/stores.ts';

/** A product as a store gives it (Shopify's Admin API, or the demo store). */
export interface StoreProductData {
  /** gid://shopify/Product/… */
  externalId: string;
  title: string;
  handle: string;
  status: StoreProductStatus;
  vendor: string;
  productType: string;
  tags: string[];
  /** Plain text. */
  description: string;
  /** ISO 8601. */
  updatedAt: string;
  /** In the store's order, at most STORE_IMAGES_PER_PRODUCT. */
  images: StoreImageData[];
}

export interface StoreImageData {
  /** gid://shopify/MediaImage/… (or ProductImage) */
  externalId: string;
  url: string;
  alt: string | null;
  width: number | null;
  height: number | null;
}

export interface StoreProductsPage {
  products: StoreProductData[];
  /** Pass back for the next page; null on the last. */
  nextCursor: string | null;
}

export interface PublishImageInput {
  productExternalId: string;
  /** JPEG bytes (the 'Shopify product' export preset). */
  data: Buffer;
  /** Carries the publication's marker (`klipt-<publication id>.jpg`): findPublishedMedia recognises the file by it. */
  fileName: string;
  alt: string;
  /** Moved to the first place among the product's media. */
  featured: boolean;
}

/**
 * One connected store, as the store-sync module uses it. ShopifyStoreClient speaks the GraphQL
 * Admin API; DemoStoreClient is the built-in demo store. Errors are StoreError.
 */
export interface StoreClient {
  /** The shop's name and primary domain (a real call: it checks the token). */
  shop(): Promise<{ name: string; domain: string }>;
  /** A page of products by `updatedAt` ascending; `updatedSince`: only those changed at or after it. */
  listProducts(input: { cursor: string | null; updatedSince: string | null; pageSize: number }): Promise<StoreProductsPage>;
  /** One product, or null when the store no longer has it. */
  getProduct(externalId: string): Promise<StoreProductData | null>;
  /** An image's bytes (at most `maxBytes`; more is a StoreError 'too_large'). */
  fetchImage(url: string, maxBytes: number): Promise<Buffer>;
  /** Uploads the image and attaches it to the product as media; existing media are left alone. */
  publishImage(input: PublishImageInput): Promise<{ mediaId: string }>;
  /** The product's media made from a file of this name, if a try that crashed already attached it. */
  findPublishedMedia(productExternalId: string, fileName: string): Promise<string | null>;
  /** Subscribes the store's product and uninstall webhooks to `callbackUrl` (idempotent). */
  registerWebhooks(callbackUrl: string): Promise<void>;
  /** Uninstalls Klipt's app from the shop (OAuth installs); revokes what the token grants. */
  uninstall(): Promise<void>;
}

export type StoreErrorKind =
  /** The token was refused (401/403): the connection needs to be made again. */
  | 'unauthorized'
  /** The product (or shop) is not there. */
  | 'not_found'
  /** The store refused the change; `message` is its `userErrors` message. */
  | 'rejected'
  /** The image is larger than allowed. */
  | 'too_large'
  /** Down, timed out, or still throttled after the retries: try later. */
  | 'unavailable';

export class StoreError extends Error {
  readonly kind: StoreErrorKind;
  constructor(kind: StoreErrorKind, message: string) {
    super(message);
    this.name = 'StoreError';
    this.kind = kind;
  }
}
