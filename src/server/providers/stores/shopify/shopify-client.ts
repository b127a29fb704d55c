/**
 * The StoreClient of a Shopify shop, over the GraphQL Admin API of SHOPIFY_API_VERSION
 * (docs/providers.md#shopify). Publishing uploads through a staged upload target and attaches the
 * file as product media with productUpdate (productCreateMedia is deprecated); it never deletes media.
 */

import { STORE_IMAGES_PER_PRODUCT, type StoreProductStatus } from '#contracts/stores.ts';
import { backoffDelay, realSleep, type Sleep } from '../../ai/http.ts';
import { StoreError, type PublishImageInput, type StoreClient, type StoreImageData, type StoreProductData } from '../store-client.ts';
import { createAdminGraphql } from './admin-graphql.ts';

export interface ShopifyStoreClientOptions {
  /** `your-store.myshopify.com` */
  shopDomain: string;
  accessToken: string;
  /** `https://{shop}` in production; the tests' fake gives its own address. */
  shopUrlTemplate: string;
  fetch?: typeof fetch;
  sleep?: Sleep;
  now?: () => number;
  random?: () => number;
}

/**
 * Products per page: a page's requested cost is about 2 + first × (1 + STORE_IMAGES_PER_PRODUCT
 * media), so 25 keeps it near 280 points, a fraction of a 1000-point bucket.
 */
export const SHOPIFY_PRODUCTS_PAGE_MAX = 25;
/** A product has at most 250 media. */
const PRODUCT_MEDIA_MAX = 250;
const DOWNLOAD_TIMEOUT_MS = 30_000;
const UPLOAD_TIMEOUT_MS = 60_000;
const UPLOAD_ATTEMPTS = 3;

const PRODUCT_FIELDS = `
fragment KliptProduct on Product {
  id
  title
  handle
  status
  vendor
  productType
  tags
  description
  updatedAt
  media(first: ${STORE_IMAGES_PER_PRODUCT}) {
    nodes {
      id
      alt
      mediaContentType
      ... on MediaImage { image { url width height } }
    }
  }
}`;

const SHOP_QUERY = `query KliptShop { shop { name myshopifyDomain } }`;

const PRODUCTS_QUERY = `query KliptProducts($first: Int!, $after: String, $query: String) {
  products(first: $first, after: $after, sortKey: UPDATED_AT, query: $query) {
    nodes { ...KliptProduct }
    pageInfo { hasNextPage endCursor }
  }
}
${PRODUCT_FIELDS}`;

const PRODUCT_QUERY = `query KliptProduct($id: ID!) {
  product(id: $id) { ...KliptProduct }
}
${PRODUCT_FIELDS}`;

const PRODUCT_MEDIA_QUERY = `query KliptProductMedia($id: ID!) {
  product(id: $id) {
    media(first: ${PRODUCT_MEDIA_MAX}) {
      nodes { id ... on MediaImage { image { url } } }
    }
  }
}`;

const STAGED_UPLOADS_MUTATION = `mutation KliptStagedUpload($input: [StagedUploadInput!]!) {
  stagedUploadsCreate(input: $input) {
    stagedTargets { url resourceUrl parameters { name value } }
    userErrors { field message }
  }
}`;

const ATTACH_MEDIA_MUTATION = `mutation KliptAttachMedia($product: ProductUpdateInput!, $media: [CreateMediaInput!]) {
  productUpdate(product: $product, media: $media) {
    product {
      id
      media(last: 10) { nodes { id alt mediaContentType } }
    }
    userErrors { field message }
  }
}`;

const REORDER_MEDIA_MUTATION = `mutation KliptReorderMedia($id: ID!, $moves: [MoveInput!]!) {
  productReorderMedia(id: $id, moves: $moves) {
    job { id }
    mediaUserErrors { field message }
  }
}`;

const WEBHOOK_MUTATION = `mutation KliptWebhook($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
    webhookSubscription { id }
    userErrors { field message }
  }
}`;

const UNINSTALL_MUTATION = `mutation KliptUninstall { appUninstall { app { id } userErrors { field message } } }`;

/** The GraphQL enum of each topic Klipt subscribes to (contracts' shopifySyncTopics). */
const webhookTopics = ['PRODUCTS_UPDATE', 'PRODUCTS_DELETE', 'APP_UNINSTALLED'] as const;

interface UserError {
  field?: string[] | null;
  message: string;
}

interface MediaNode {
  id: string;
  alt?: string | null;
  mediaContentType?: string;
  image?: { url: string; width?: number | null; height?: number | null } | null;
}

interface ProductNode {
  id: string;
  title: string;
  handle: string;
  status: string;
  vendor: string;
  productType: string;
  tags: string[];
  description: string;
  updatedAt: string;
  media: { nodes: MediaNode[] };
}

export function shopUrlFor(template: string, shopDomain: string): string {
  return template.replace('{shop}', shopDomain).replace(/\/+$/, '');
}

function productStatus(status: string): StoreProductStatus {
  // UNLISTED (2025-10 and later) is an active product reachable only by its link.
  if (status === 'DRAFT') return 'draft';
  if (status === 'ARCHIVED') return 'archived';
  return 'active';
}

function toImage(node: MediaNode): StoreImageData | null {
  if (node.mediaContentType !== 'IMAGE' || !node.image?.url) return null;
  return {
    externalId: node.id,
    url: node.image.url,
    alt: node.alt ?? null,
    width: node.image.width ?? null,
    height: node.image.height ?? null,
  };
}

function toProduct(node: ProductNode): StoreProductData {
  return {
    externalId: node.id,
    title: node.title,
    handle: node.handle,
    status: productStatus(node.status),
    vendor: node.vendor ?? '',
    productType: node.productType ?? '',
    tags: node.tags ?? [],
    description: node.description ?? '',
    updatedAt: node.updatedAt,
    images: (node.media?.nodes ?? [])
      .map(toImage)
      .filter((image): image is StoreImageData => image !== null)
      .slice(0, STORE_IMAGES_PER_PRODUCT),
  };
}

function rejectOnUserErrors(errors: UserError[] | undefined | null): void {
  if (errors && errors.length > 0) throw new StoreError('rejected', errors.map((error) => error.message).join('; '));
}

/** The file name's stem, which Shopify keeps in the CDN URL (adding `_<suffix>` when the name was taken). */
export function matchesFileName(url: string, fileName: string): boolean {
  const stem = fileName.replace(/\.[^.]+$/, '');
  let last: string;
  try {
    last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    return false;
  }
  const name = last.replace(/\.[^.]+$/, '');
  return stem !== '' && (name === stem || name.startsWith(`${stem}_`));
}

export function createShopifyStoreClient(options: ShopifyStoreClientOptions): StoreClient {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const graphql = createAdminGraphql({
    shopUrl: shopUrlFor(options.shopUrlTemplate, options.shopDomain),
    accessToken: options.accessToken,
    fetch: doFetch,
    sleep,
    now: options.now,
    random,
  });

  async function upload(
    target: { url: string; parameters: { name: string; value: string }[] },
    data: Buffer,
    fileName: string,
  ): Promise<void> {
    let problem = '';
    for (let attempt = 1; attempt <= UPLOAD_ATTEMPTS; attempt++) {
      // The target's parameters authenticate the upload; the file must come last.
      const form = new FormData();
      for (const parameter of target.parameters) form.append(parameter.name, parameter.value);
      form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), fileName);
      try {
        const response = await doFetch(target.url, { method: 'POST', body: form, signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) });
        await response.arrayBuffer();
        if (response.ok) return;
        problem = `the upload target answered ${response.status}`;
        if (response.status < 500 && response.status !== 429) break;
      } catch (error) {
        problem = `the upload failed: ${error instanceof Error ? error.message : String(error)}`;
      }
      if (attempt < UPLOAD_ATTEMPTS) await sleep(backoffDelay(attempt, { baseDelayMs: 500, maxDelayMs: 5000, random }));
    }
    throw new StoreError('unavailable', `Shopify did not take the image: ${problem}`);
  }

  return {
    async shop() {
      const data = await graphql.request<{ shop: { name: string; myshopifyDomain: string } }>(SHOP_QUERY);
      return { name: data.shop.name, domain: data.shop.myshopifyDomain };
    },

    async listProducts({ cursor, updatedSince, pageSize }) {
      const first = Math.max(1, Math.min(SHOPIFY_PRODUCTS_PAGE_MAX, Math.floor(pageSize)));
      const data = await graphql.request<{
        products: { nodes: ProductNode[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
      }>(PRODUCTS_QUERY, {
        first,
        after: cursor,
        query: updatedSince ? `updated_at:>='${new Date(updatedSince).toISOString()}'` : null,
      });
      const { nodes, pageInfo } = data.products;
      return { products: nodes.map(toProduct), nextCursor: pageInfo.hasNextPage ? pageInfo.endCursor : null };
    },

    async getProduct(externalId) {
      const data = await graphql.request<{ product: ProductNode | null }>(PRODUCT_QUERY, { id: externalId });
      return data.product ? toProduct(data.product) : null;
    },

    async fetchImage(url, maxBytes) {
      let response: Response;
      const timeout = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
      try {
        response = await doFetch(url, { signal: timeout });
      } catch (error) {
        throw new StoreError('unavailable', `The image could not be downloaded: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new StoreError('unavailable', `The image could not be downloaded (${response.status})`);
      }
      const declared = Number(response.headers.get('content-length'));
      if (Number.isFinite(declared) && declared > maxBytes) {
        await response.body?.cancel();
        throw new StoreError('too_large', `The image is larger than ${maxBytes} bytes`);
      }
      const chunks: Uint8Array[] = [];
      let size = 0;
      try {
        for await (const chunk of response.body ?? []) {
          size += chunk.byteLength;
          if (size > maxBytes) throw new StoreError('too_large', `The image is larger than ${maxBytes} bytes`);
          chunks.push(chunk);
        }
      } catch (error) {
        if (error instanceof StoreError) throw error;
        throw new StoreError('unavailable', `The image could not be downloaded: ${error instanceof Error ? error.message : String(error)}`);
      }
      return Buffer.concat(chunks);
    },

    async publishImage(input: PublishImageInput) {
      const staged = await graphql.request<{
        stagedUploadsCreate: {
          stagedTargets: { url: string; resourceUrl: string; parameters: { name: string; value: string }[] }[] | null;
          userErrors: UserError[];
        };
      }>(STAGED_UPLOADS_MUTATION, {
        input: [
          {
            resource: 'IMAGE',
            filename: input.fileName,
            mimeType: 'image/jpeg',
            httpMethod: 'POST',
            fileSize: String(input.data.length),
          },
        ],
      });
      rejectOnUserErrors(staged.stagedUploadsCreate.userErrors);
      const target = staged.stagedUploadsCreate.stagedTargets?.[0];
      if (!target) throw new StoreError('unavailable', 'Shopify gave no upload target');
      await upload(target, input.data, input.fileName);

      const attached = await graphql.request<{
        productUpdate: { product: { media: { nodes: MediaNode[] } } | null; userErrors: UserError[] };
      }>(ATTACH_MEDIA_MUTATION, {
        product: { id: input.productExternalId },
        media: [{ originalSource: target.resourceUrl, alt: input.alt, mediaContentType: 'IMAGE' }],
      });
      rejectOnUserErrors(attached.productUpdate.userErrors);
      // New media are appended: the last image carrying our alt text is the one just attached.
      const media = (attached.productUpdate.product?.media.nodes ?? []).filter(
        (node) => node.mediaContentType === 'IMAGE' && (node.alt ?? '') === input.alt,
      );
      const mediaId = media.at(-1)?.id;
      if (!mediaId) throw new StoreError('unavailable', 'Shopify did not report the new media');

      if (input.featured) {
        const reordered = await graphql.request<{ productReorderMedia: { mediaUserErrors: UserError[] } }>(REORDER_MEDIA_MUTATION, {
          id: input.productExternalId,
          moves: [{ id: mediaId, newPosition: '0' }],
        });
        rejectOnUserErrors(reordered.productReorderMedia.mediaUserErrors);
      }
      return { mediaId };
    },

    async findPublishedMedia(productExternalId, fileName) {
      const data = await graphql.request<{ product: { media: { nodes: MediaNode[] } } | null }>(PRODUCT_MEDIA_QUERY, {
        id: productExternalId,
      });
      const match = data.product?.media.nodes.find((node) => node.image?.url && matchesFileName(node.image.url, fileName));
      return match?.id ?? null;
    },

    async registerWebhooks(callbackUrl) {
      for (const topic of webhookTopics) {
        const data = await graphql.request<{ webhookSubscriptionCreate: { userErrors: UserError[] } }>(WEBHOOK_MUTATION, {
          topic,
          webhookSubscription: { uri: callbackUrl, format: 'JSON' },
        });
        // Registering again finds the subscription there already: that is what we want.
        const errors = data.webhookSubscriptionCreate.userErrors.filter(
          (error) => !/already been taken|already taken/i.test(error.message),
        );
        rejectOnUserErrors(errors);
      }
    },

    async uninstall() {
      try {
        const data = await graphql.request<{ appUninstall: { userErrors: UserError[] } }>(UNINSTALL_MUTATION);
        rejectOnUserErrors(data.appUninstall.userErrors);
      } catch (error) {
        // A refused token means the app was uninstalled already (the seller did it in Shopify).
        if (error instanceof StoreError && error.kind === 'unauthorized') return;
        throw error;
      }
    },
  };
}
