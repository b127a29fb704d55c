import { z } from 'zod';
import { defineContract } from './contract.ts';
import { fieldMessages, SEARCH_MAX, text } from './fields.ts';
import { cursorField } from './klips.ts';
import { workspaceMessages } from './workspaces.ts';

/**
 * Store sync (docs/product-rules.md#store-sync): a workspace connects one Shopify store (or the
 * built-in demo store), imports its catalogue as product photos, and publishes klips back onto its
 * products as media.
 */

/** The Admin API version every Shopify call uses (Shopify supports each for 12 months; bump it here). */
export const SHOPIFY_API_VERSION = '2026-10';
/** What the Klipt Shopify app asks a shop for. */
export const SHOPIFY_SCOPES = ['read_products', 'write_products', 'write_files'] as const;
/** The webhooks Klipt subscribes a connected shop to, and the compliance ones every app must answer. */
export const shopifySyncTopics = ['products/update', 'products/delete', 'app/uninstalled'] as const;
export const shopifyComplianceTopics = ['customers/data_request', 'customers/redact', 'shop/redact'] as const;

export const storePlatforms = ['shopify', 'demo'] as const;
export type StorePlatform = (typeof storePlatforms)[number];
/** How the store was connected: Klipt's Shopify app (OAuth), a pasted custom-app token, or the demo store. */
export const storeConnectMethods = ['oauth', 'token', 'demo'] as const;
export type StoreConnectMethod = (typeof storeConnectMethods)[number];
export const storeSyncStatuses = ['idle', 'running', 'failed'] as const;
export type StoreSyncStatus = (typeof storeSyncStatuses)[number];
export const storeProductStatuses = ['active', 'draft', 'archived'] as const;
export type StoreProductStatus = (typeof storeProductStatuses)[number];
export const publicationStatuses = ['queued', 'publishing', 'published', 'failed'] as const;
export type PublicationStatus = (typeof publicationStatuses)[number];

export const STORE_PRODUCTS_PAGE_SIZE = 24;
export { STORE_PICK_MAX } from './store-limits.ts';
/** Klips published in one request ('Publish all' of a batch stays within it). */
export const PUBLISH_MAX_ITEMS = 50;
/** A product's images imported as product photos (the first ones, in the store's order). */
export const STORE_IMAGES_PER_PRODUCT = 10;
export const SHOP_DOMAIN_MAX = 255;
export const ACCESS_TOKEN_MAX = 255;
/** How long an OAuth install may take between Klipt and the callback. */
export const SHOPIFY_OAUTH_STATE_MINUTES = 10;
/** Products in the demo store (docs/product-rules.md#store-sync). */
export const DEMO_STORE_DOMAIN = 'klipt-demo.myshopify.com';
export const DEMO_STORE_NAME = 'Klipt Demo Store';

export const storeMessages = {
  notConnected: 'No store is connected to this workspace.',
  alreadyConnected: 'This workspace already has a store connected. Disconnect it first.',
  shopDomainRequired: 'Please enter your shop domain',
  shopDomainInvalid: 'Enter your shop’s myshopify.com domain, like your-store.myshopify.com',
  shopDomainTooLong: `Shop domains must be at most ${SHOP_DOMAIN_MAX} characters`,
  accessTokenRequired: 'Please paste the Admin API access token',
  accessTokenInvalid: 'Admin API access tokens start with shpat_ and hold no spaces',
  accessTokenTooLong: `Admin API access tokens are at most ${ACCESS_TOKEN_MAX} characters`,
  apiSecretInvalid: 'The API secret key holds no spaces and is at most 255 characters',
  tokenRejected:
    'Shopify refused this token. Check the shop domain and that the token has the read_products, write_products and write_files scopes.',
  shopUnreachable: 'Shopify could not be reached. Please try again shortly.',
  oauthNotConfigured: 'Connecting with the Klipt Shopify app is not set up on this server. Paste a custom-app access token instead.',
  oauthFailed: 'Shopify did not confirm the connection. Please start again from Klipt.',
  oauthExpired: 'The connection took too long. Please start again from Klipt.',
  demoUnavailable: 'The demo store is only available when this server has no Shopify app configured.',
  syncRunning: 'The catalogue is already being imported.',
  productNotFound: 'Product not found in your store',
  productGone: 'This product was deleted from your store.',
  publishKlipGone: 'The klip was deleted before it could be published.',
  publishDisconnected: 'The store was disconnected before this could be published.',
  publishUnauthorized: 'Shopify refused Klipt’s access to the store. Connect the store again, then retry.',
  publishUnreachable: (reason: string) => `The store could not be reached: ${reason}`,
  productHasNoImageNamed: (title: string) => `${title}: this product has no image to start from.`,
  duplicateProducts: 'Each product can be picked only once',
  publicationNotFound: 'Publication not found',
  noItemsToPublish: 'Choose at least one klip and product to publish',
  tooManyToPublish: `Publish at most ${PUBLISH_MAX_ITEMS} klips at once`,
  klipNotPublishable: 'Only finished images can be published to your store',
  nothingToPublish: 'No finished images from your store’s products in this batch',
  notRetryable: 'Only a failed publication can be retried',
  demoOnly: 'Only the demo store can be reset',
  oauthCancelled: 'You cancelled the install in Shopify. Nothing was connected.',
  oauthNotAllowed: 'Only the owner and admins of this workspace can connect a store.',
  oauthSignInFirst: 'Please sign in, then connect the store again from Klipt.',
  webhookSignatureInvalid: 'The webhook’s signature is not valid.',
  webhookHeadersMissing: 'The webhook’s topic or id header is missing.',
  webhookNotJson: 'The webhook’s body is not JSON.',
} as const;

/**
 * Why an OAuth install did not finish: the callback sends the browser to `/store?error=<code>` and
 * the store page reads the message here (`access_denied` is Shopify's own, when the seller cancels).
 */
export const oauthErrorTexts = {
  access_denied: storeMessages.oauthCancelled,
  already_connected: storeMessages.alreadyConnected,
  oauth_expired: storeMessages.oauthExpired,
  oauth_failed: storeMessages.oauthFailed,
  shop_unreachable: storeMessages.shopUnreachable,
  not_allowed: storeMessages.oauthNotAllowed,
  not_signed_in: storeMessages.oauthSignInFirst,
} as const;
export type OAuthErrorCode = keyof typeof oauthErrorTexts;

const workspaceId = z.uuid(workspaceMessages.notFound);
const productId = z.uuid(storeMessages.productNotFound);
const publicationId = z.uuid(storeMessages.publicationNotFound);

/** `your-store.myshopify.com`, lower-cased; `https://` and a trailing path are tolerated and dropped. */
export const shopDomain = text({ required: storeMessages.shopDomainRequired, max: [SHOP_DOMAIN_MAX, storeMessages.shopDomainTooLong] })
  .transform((value) =>
    value
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/\/.*$/, ''),
  )
  .pipe(z.string().regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, storeMessages.shopDomainInvalid));

export const ConnectShopifyOAuthRequest = z.object({ shopDomain }).strict().meta({ id: 'ConnectShopifyOAuthRequest' });
export type ConnectShopifyOAuthRequest = z.input<typeof ConnectShopifyOAuthRequest>;

export const ConnectShopifyTokenRequest = z
  .object({
    shopDomain,
    accessToken: text({ required: storeMessages.accessTokenRequired, max: [ACCESS_TOKEN_MAX, storeMessages.accessTokenTooLong] }).pipe(
      z.string().regex(/^shp(at|ca|pa)_[A-Za-z0-9]+$/, storeMessages.accessTokenInvalid),
    ),
    /** The custom app's API secret key: Shopify signs the app's webhooks with it (optional: without it, 'Sync now' keeps the catalogue current). */
    apiSecretKey: text({ max: [ACCESS_TOKEN_MAX, storeMessages.apiSecretInvalid] })
      .pipe(z.string().regex(/^\S*$/, storeMessages.apiSecretInvalid))
      .optional(),
  })
  .strict()
  .meta({ id: 'ConnectShopifyTokenRequest' });
export type ConnectShopifyTokenRequest = z.input<typeof ConnectShopifyTokenRequest>;

export const StoreSync = z
  .object({
    status: z.enum(storeSyncStatuses),
    /** Products in Klipt's copy of the catalogue (deleted ones left out). */
    productCount: z.number().int(),
    /** Images copied in as product photos. */
    imageCount: z.number().int(),
    lastSyncedAt: z.iso.datetime().nullable(),
    /** Why the last import failed (status 'failed'). */
    error: z.string().nullable(),
  })
  .meta({ id: 'StoreSync' });
export type StoreSync = z.infer<typeof StoreSync>;

/** A connected store as members see it: never its token. */
export const StoreConnection = z
  .object({
    id: z.string(),
    platform: z.enum(storePlatforms),
    method: z.enum(storeConnectMethods),
    shopDomain: z.string(),
    shopName: z.string(),
    /** Shopify keeps Klipt's copy current through webhooks (OAuth, or a token with its app's secret). */
    liveUpdates: z.boolean(),
    connectedAt: z.iso.datetime(),
    connectedByName: z.string().nullable(),
    sync: StoreSync,
  })
  .meta({ id: 'StoreConnection' });
export type StoreConnection = z.infer<typeof StoreConnection>;

export const StoreStatus = z
  .object({
    connection: StoreConnection.nullable(),
    /** This server is set up as a Shopify app: 'Connect with Shopify' works. */
    oauthAvailable: z.boolean(),
    /** No Shopify app is set up: the demo store stands in (zero-setup installs). */
    demoAvailable: z.boolean(),
    /** Owners and admins connect, disconnect and sync; every member picks products and publishes. */
    canManage: z.boolean(),
  })
  .meta({ id: 'StoreStatus' });
export type StoreStatus = z.infer<typeof StoreStatus>;

export const StoreProductImage = z
  .object({
    id: z.string(),
    /** The product photo Klipt copied it into (null while the import has not reached it, or it failed the upload checks). */
    uploadId: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
    alt: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .meta({ id: 'StoreProductImage' });
export type StoreProductImage = z.infer<typeof StoreProductImage>;

export const StoreProduct = z
  .object({
    id: z.string(),
    /** Shopify's id (gid://shopify/Product/…). */
    externalId: z.string(),
    title: z.string(),
    handle: z.string(),
    status: z.enum(storeProductStatuses),
    vendor: z.string(),
    productType: z.string(),
    tags: z.array(z.string()),
    images: z.array(StoreProductImage),
    /** Klips published onto it from Klipt. */
    publishedCount: z.number().int(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'StoreProduct' });
export type StoreProduct = z.infer<typeof StoreProduct>;

export const StoreProductPage = z
  .object({ products: z.array(StoreProduct), nextCursor: z.string().nullable() })
  .meta({ id: 'StoreProductPage' });
export type StoreProductPage = z.infer<typeof StoreProductPage>;

export const Publication = z
  .object({
    id: z.string(),
    klipId: z.string(),
    productId: z.string(),
    productTitle: z.string(),
    batchId: z.string().nullable(),
    featured: z.boolean(),
    status: z.enum(publicationStatuses),
    /** Shopify's `userErrors` message, or why the store could not be reached (status 'failed'). */
    error: z.string().nullable(),
    /** Shopify's media id once published (gid://shopify/MediaImage/…). */
    mediaId: z.string().nullable(),
    attempts: z.number().int(),
    createdAt: z.iso.datetime(),
    publishedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Publication' });
export type Publication = z.infer<typeof Publication>;

export const PublishRequest = z
  .object({
    items: z
      .array(z.object({ klipId: z.uuid(storeMessages.klipNotPublishable), productId }).strict(), storeMessages.noItemsToPublish)
      .min(1, storeMessages.noItemsToPublish)
      .max(PUBLISH_MAX_ITEMS, storeMessages.tooManyToPublish),
    /** Make the new image the product's featured (first) image. */
    featured: z.boolean().default(false),
  })
  .strict()
  .meta({ id: 'PublishRequest' });
export type PublishRequest = z.input<typeof PublishRequest>;

export const PublishBatchRequest = z
  .object({ featured: z.boolean().default(false) })
  .strict()
  .meta({ id: 'PublishBatchRequest' });

export const PublicationList = z.object({ publications: z.array(Publication) }).meta({ id: 'PublicationList' });
export type PublicationList = z.infer<typeof PublicationList>;

/** A page of the demo store's storefront: what a shopper would see, with the media Klipt added. */
export const DemoStorefrontProduct = z
  .object({
    handle: z.string(),
    title: z.string(),
    description: z.string(),
    vendor: z.string(),
    price: z.string(),
    media: z.array(z.object({ id: z.string(), url: z.string(), alt: z.string(), addedByKlipt: z.boolean() })),
  })
  .meta({ id: 'DemoStorefrontProduct' });
export type DemoStorefrontProduct = z.infer<typeof DemoStorefrontProduct>;

const ws = z.object({ workspaceId });
const base = '/api/workspaces/:workspaceId/store';
const common = { tags: ['Store'], auth: 'verified' as const, entitlement: 'storeConnections' as const };

export const getStoreStatus = defineContract({
  ...common,
  method: 'GET',
  path: base,
  summary: "The workspace's connected store and its catalogue import",
  params: ws,
  status: 200,
  response: StoreStatus,
  errors: [403, 404],
});

export const startShopifyOAuth = defineContract({
  ...common,
  method: 'POST',
  path: `${base}/shopify/oauth`,
  summary: "Starts installing Klipt's Shopify app on a shop: the answer is Shopify's address to send the browser to",
  params: ws,
  body: ConnectShopifyOAuthRequest,
  status: 200,
  response: z.object({ authorizeUrl: z.string() }),
  errors: [400, 403, 404, 409, 503],
});

export const connectShopifyToken = defineContract({
  ...common,
  method: 'POST',
  path: `${base}/shopify/token`,
  summary: "Connects a shop with a custom app's Admin API access token, checked against Shopify before it is saved (encrypted)",
  params: ws,
  body: ConnectShopifyTokenRequest,
  status: 201,
  response: StoreConnection,
  errors: [400, 403, 404, 409, 502],
});

export const connectDemoStore = defineContract({
  ...common,
  method: 'POST',
  path: `${base}/demo`,
  summary: 'Connects the built-in demo store (servers without a Shopify app)',
  params: ws,
  status: 201,
  response: StoreConnection,
  errors: [403, 404, 409],
});

export const resetDemoStore = defineContract({
  ...common,
  method: 'POST',
  path: `${base}/demo/reset`,
  summary: 'Puts the demo store back as it was: its products and their original photos, no published klips',
  params: ws,
  status: 200,
  response: StoreConnection,
  errors: [403, 404, 409],
});

export const disconnectStore = defineContract({
  ...common,
  method: 'DELETE',
  path: base,
  summary: "Disconnects the store: its token is deleted (and Klipt's app uninstalled where it was installed by OAuth)",
  params: ws,
  status: 204,
  response: z.undefined(),
  errors: [403, 404],
});

export const syncStore = defineContract({
  ...common,
  method: 'POST',
  path: `${base}/sync`,
  summary: 'Imports the catalogue again (only what changed since the last import)',
  params: ws,
  status: 202,
  response: StoreConnection,
  errors: [403, 404, 409],
});

export const listStoreProducts = defineContract({
  ...common,
  method: 'GET',
  path: `${base}/products`,
  summary: 'The imported catalogue, by title, searchable, 24 per page (keyset cursor)',
  params: ws,
  query: z.object({ q: text({ max: [SEARCH_MAX, fieldMessages.searchTooLong] }).optional(), cursor: cursorField }),
  status: 200,
  response: StoreProductPage,
  errors: [400, 403, 404],
});

export const publishToStore = defineContract({
  ...common,
  method: 'POST',
  path: `${base}/publications`,
  summary: 'Publishes klips onto products as media, one durable job each; the same klip on the same product is published once',
  params: ws,
  body: PublishRequest,
  status: 202,
  response: PublicationList,
  errors: [400, 403, 404, 409],
});

export const publishBatchToStore = defineContract({
  ...common,
  method: 'POST',
  path: `${base}/batches/:batchId/publish`,
  summary: "Publishes every finished image of a batch onto the product it was made from ('Publish all')",
  params: z.object({ workspaceId, batchId: z.uuid('Batch not found') }),
  body: PublishBatchRequest,
  status: 202,
  response: PublicationList,
  errors: [400, 403, 404, 409],
});

export const listPublications = defineContract({
  ...common,
  method: 'GET',
  path: `${base}/publications`,
  summary: "Publications of a klip or of a batch's klips, newest first",
  params: ws,
  query: z.object({ klipId: z.uuid('Klip not found').optional(), batchId: z.uuid('Batch not found').optional() }),
  status: 200,
  response: PublicationList,
  errors: [400, 403, 404],
});

export const retryPublication = defineContract({
  ...common,
  method: 'POST',
  path: `${base}/publications/:publicationId/retry`,
  summary: 'Tries a failed publication again',
  params: z.object({ workspaceId, publicationId }),
  status: 202,
  response: Publication,
  errors: [403, 404, 409],
});

export const getDemoStorefrontProduct = defineContract({
  ...common,
  method: 'GET',
  path: `${base}/demo/products/:handle`,
  summary: 'A demo store product page as a shopper sees it, with the media published from Klipt',
  params: z.object({
    workspaceId,
    handle: text({ required: storeMessages.productNotFound, max: [100, storeMessages.productNotFound] }).pipe(
      z.string().regex(/^[a-z0-9-]+$/, storeMessages.productNotFound),
    ),
  }),
  status: 200,
  response: DemoStorefrontProduct,
  errors: [403, 404],
});

/** Shopify's webhooks (sync and compliance topics), verified by X-Shopify-Hmac-Sha256 over the raw body. */
export const receiveShopifyWebhook = defineContract({
  method: 'POST',
  path: '/api/webhooks/shopify',
  summary: "Shopify's webhooks: products/update, products/delete, app/uninstalled and the mandatory compliance topics",
  tags: ['Store'],
  rawBody: 'application/json',
  status: 200,
  response: z.object({ received: z.literal(true) }),
  errors: [400, 401],
  auth: 'public',
});
