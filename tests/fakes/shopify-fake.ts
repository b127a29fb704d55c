/**
 * A local Shopify speaking the wire format Klipt's adapter uses (docs/providers.md#shopify), per shop
 * under a path prefix: `http://127.0.0.1:PORT/<shop-domain>/admin/...`, so SHOPIFY_SHOP_URL is
 * `${fake.url}/{shop}`. In memory and inspectable: shops and their tokens, products with media,
 * webhook subscriptions, staged uploads. The GraphQL endpoint recognises operations by their root
 * field and reads their variables; every answer carries `extensions.cost` from a leaky bucket like
 * Shopify's, and a query the bucket cannot hold is answered THROTTLED.
 */

import { createHmac, randomBytes } from 'node:crypto';
import type http from 'node:http';
import sharp from 'sharp';
import { header, sendBytes, sendJson, startServer, type RecordedRequest } from './fake-server.ts';
import { makePng } from './images.ts';

export interface FakeMedia {
  id: string;
  alt: string;
  fileName: string;
  url: string;
  width: number;
  height: number;
}

export interface FakeProduct {
  id: string;
  title: string;
  handle: string;
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED' | 'UNLISTED';
  vendor: string;
  productType: string;
  tags: string[];
  description: string;
  updatedAt: string;
  media: FakeMedia[];
}

export interface FakeWebhook {
  id: string;
  topic: string;
  uri: string;
  format: string;
}

export interface FakeShop {
  domain: string;
  name: string;
  tokens: Set<string>;
  products: FakeProduct[];
  webhooks: FakeWebhook[];
  uninstalled: boolean;
  /** Files on the fake CDN by name. */
  files: Map<string, { data: Buffer; contentType: string }>;
}

export interface StagedUpload {
  shop: string;
  filename: string;
  mimeType: string;
  fileSize: string;
  url: string;
  resourceUrl: string;
  parameters: { name: string; value: string }[];
  /** The bytes once the multipart POST came (and checked out). */
  received: Buffer | null;
}

type ForcedFailure = { status: 429; retryAfterSeconds: number } | { status: 500 | 401 } | { throttled: true };

export interface ShopifyFakeOptions {
  apiKey?: string;
  apiSecret?: string;
  /** The bucket's clock (ms); share a test clock with the client to keep tests fast. */
  now?: () => number;
  maximumAvailable?: number;
  /** Points restored per second. */
  restoreRate?: number;
}

export interface ShopifyFake {
  url: string;
  /** For SHOPIFY_SHOP_URL / shopUrlTemplate. */
  shopUrlTemplate: string;
  apiKey: string;
  apiSecret: string;
  requests: RecordedRequest[];
  /** GraphQL requests: operation root field, variables and the API version in the path. */
  graphqlCalls: { shop: string; version: string; root: string; variables: Record<string, unknown> }[];
  authorizeRequests: RecordedRequest[];
  stagedUploads: StagedUpload[];
  /** THROTTLED answers the bucket gave (forced ones not counted). */
  throttledCount: number;
  addShop(domain: string, options?: { name?: string; token?: string }): FakeShop;
  shop(domain: string): FakeShop;
  /** Adds `count` products with `imagesPerProduct` small PNGs each, updated one second apart from `updatedFrom`. */
  seedProducts(domain: string, count: number, options?: { imagesPerProduct?: number; updatedFrom?: string }): Promise<FakeProduct[]>;
  /** A code the access-token endpoint will take once (the test builds the OAuth callback itself). */
  issueCode(domain: string): string;
  /** The next GraphQL requests fail so, in order. */
  failNext(...failures: ForcedFailure[]): void;
  /** Sets the bucket's level now. */
  setAvailable(points: number): void;
  available(): number;
  signWebhook(body: string | Buffer, secret: string): string;
  close(): Promise<void>;
}

const SCOPE = 'read_products,write_products,write_files';
const MUTATION_COST = 10;

/** The operation's first root field: the identifier after the operation's opening brace. */
function rootField(query: string): string | undefined {
  const operation = query.search(/\b(query|mutation)\b/);
  const start = query.indexOf('{', operation === -1 ? 0 : operation);
  if (start === -1) return undefined;
  return query.slice(start + 1).match(/^\s*([A-Za-z_]\w*)/)?.[1];
}

/** `media(first: 10)` / `media(last: 10)` in the query. */
function mediaWindow(query: string): { from: 'first' | 'last'; count: number } {
  const match = query.match(/media\s*\(\s*(first|last)\s*:\s*(\d+)/);
  return match ? { from: match[1] as 'first' | 'last', count: Number(match[2]) } : { from: 'first', count: 0 };
}

function mediaNode(media: FakeMedia) {
  return {
    __typename: 'MediaImage',
    id: media.id,
    alt: media.alt,
    mediaContentType: 'IMAGE',
    image: { url: media.url, width: media.width, height: media.height },
  };
}

function productNode(product: FakeProduct, query: string) {
  const window = mediaWindow(query);
  const media = window.from === 'first' ? product.media.slice(0, window.count) : product.media.slice(-window.count);
  const { media: _media, ...fields } = product;
  return { ...fields, media: { nodes: media.map(mediaNode) } };
}

function cursorOf(product: FakeProduct): string {
  return Buffer.from(JSON.stringify([product.updatedAt, product.id])).toString('base64');
}

function byUpdated(a: FakeProduct, b: FakeProduct): number {
  return a.updatedAt === b.updatedAt ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.updatedAt < b.updatedAt ? -1 : 1;
}

/** Shopify search syntax, the one filter the adapter uses: `updated_at:>='<iso>'`. */
function matchesSearch(product: FakeProduct, query: unknown): boolean {
  if (typeof query !== 'string' || query.trim() === '') return true;
  const match = query.match(/^updated_at:(>=|>|<=|<)'?([^']+)'?$/);
  if (!match) throw new Error(`fake: unsupported search ${query}`);
  const at = Date.parse(match[2]!);
  const updated = Date.parse(product.updatedAt);
  if (match[1] === '>=') return updated >= at;
  if (match[1] === '>') return updated > at;
  if (match[1] === '<=') return updated <= at;
  return updated < at;
}

export async function startShopifyFake(options: ShopifyFakeOptions = {}): Promise<ShopifyFake> {
  const apiKey = options.apiKey ?? 'fake-api-key';
  const apiSecret = options.apiSecret ?? 'fake-api-secret';
  const now = options.now ?? Date.now;
  const maximumAvailable = options.maximumAvailable ?? 1000;
  const restoreRate = options.restoreRate ?? 50;
  const shops = new Map<string, FakeShop>();
  const codes = new Map<string, string>();
  const forced: ForcedFailure[] = [];
  let bucketLevel = maximumAvailable;
  let bucketAt = now();
  let sequence = 1000;
  let base = '';

  const fake = {
    requests: [] as RecordedRequest[],
    graphqlCalls: [] as ShopifyFake['graphqlCalls'],
    authorizeRequests: [] as RecordedRequest[],
    stagedUploads: [] as StagedUpload[],
    throttledCount: 0,
  };

  const level = () => {
    const restored = Math.min(maximumAvailable, bucketLevel + ((now() - bucketAt) / 1000) * restoreRate);
    bucketLevel = restored;
    bucketAt = now();
    return restored;
  };
  const costExtension = (requested: number, actual: number | null) => ({
    cost: {
      requestedQueryCost: requested,
      actualQueryCost: actual,
      throttleStatus: { maximumAvailable, currentlyAvailable: Math.floor(level()), restoreRate },
    },
  });

  const nextId = () => ++sequence;

  function addFile(shop: FakeShop, wanted: string, data: Buffer, contentType: string): { name: string; url: string } {
    let name = wanted;
    if (shop.files.has(name)) {
      // Shopify keeps the name and adds a suffix when it is taken.
      const dot = wanted.lastIndexOf('.');
      const suffix = `_${randomBytes(4).toString('hex')}`;
      name = dot === -1 ? `${wanted}${suffix}` : `${wanted.slice(0, dot)}${suffix}${wanted.slice(dot)}`;
    }
    shop.files.set(name, { data, contentType });
    return { name, url: `${base}/cdn/${shop.domain}/files/${encodeURIComponent(name)}?v=${nextId()}` };
  }

  /** Answers one GraphQL operation: [requested cost, answer builder giving data and actual cost]. */
  async function operation(
    shop: FakeShop,
    root: string,
    query: string,
    variables: Record<string, unknown>,
  ): Promise<{ requested: number; run: () => Promise<{ data?: unknown; errors?: unknown[]; actual: number }> }> {
    const window = mediaWindow(query);
    switch (root) {
      case 'shop':
        return { requested: 1, run: async () => ({ data: { shop: { name: shop.name, myshopifyDomain: shop.domain } }, actual: 1 }) };
      case 'products': {
        const first = Number(variables.first);
        if (!Number.isInteger(first) || first < 1 || first > 250) {
          return { requested: 1, run: async () => ({ errors: [{ message: 'first must be between 1 and 250' }], actual: 1 }) };
        }
        return {
          requested: 2 + first * (1 + window.count),
          run: async () => {
            const sorted = shop.products.filter((product) => matchesSearch(product, variables.query)).sort(byUpdated);
            let start = 0;
            if (typeof variables.after === 'string') {
              const [updatedAt, id] = JSON.parse(Buffer.from(variables.after, 'base64').toString('utf8')) as [string, string];
              start = sorted.findIndex((product) => byUpdated(product, { updatedAt, id } as FakeProduct) > 0);
              if (start === -1) start = sorted.length;
            }
            const page = sorted.slice(start, start + first);
            const mediaCount = page.reduce((sum, product) => sum + Math.min(window.count, product.media.length), 0);
            return {
              data: {
                products: {
                  nodes: page.map((product) => productNode(product, query)),
                  pageInfo: {
                    hasNextPage: start + first < sorted.length,
                    endCursor: page.length > 0 ? cursorOf(page.at(-1)!) : null,
                  },
                },
              },
              actual: 2 + page.length + mediaCount,
            };
          },
        };
      }
      case 'product':
        return {
          requested: 1 + window.count,
          run: async () => {
            const product = shop.products.find((candidate) => candidate.id === variables.id) ?? null;
            return {
              data: { product: product ? productNode(product, query) : null },
              actual: 1 + (product ? Math.min(window.count, product.media.length) : 0),
            };
          },
        };
      case 'stagedUploadsCreate':
        return {
          requested: MUTATION_COST,
          run: async () => ({ data: { stagedUploadsCreate: stage(shop, variables) }, actual: MUTATION_COST }),
        };
      case 'productUpdate':
        return {
          requested: MUTATION_COST,
          run: async () => ({ data: { productUpdate: await attach(shop, variables, query) }, actual: MUTATION_COST }),
        };
      case 'productReorderMedia':
        return { requested: MUTATION_COST, run: async () => reorder(shop, variables) };
      case 'webhookSubscriptionCreate':
        return {
          requested: MUTATION_COST,
          run: async () => ({ data: { webhookSubscriptionCreate: subscribe(shop, variables) }, actual: MUTATION_COST }),
        };
      case 'appUninstall':
        return {
          requested: MUTATION_COST,
          run: async () => {
            shop.uninstalled = true;
            shop.tokens.clear();
            shop.webhooks.length = 0;
            return { data: { appUninstall: { app: { id: 'gid://shopify/App/1' }, userErrors: [] } }, actual: MUTATION_COST };
          },
        };
      default:
        return {
          requested: 1,
          run: async () => ({ errors: [{ message: `Field '${root}' doesn't exist on type 'QueryRoot'` }], actual: 1 }),
        };
    }
  }

  function stage(shop: FakeShop, variables: Record<string, unknown>) {
    const inputs = Array.isArray(variables.input) ? (variables.input as Record<string, unknown>[]) : [];
    const userErrors: { field: string[]; message: string }[] = [];
    const stagedTargets = inputs.map((input, index) => {
      const problems = [
        input.resource === 'IMAGE' ? null : 'resource must be IMAGE',
        typeof input.filename === 'string' && input.filename !== '' ? null : 'filename is required',
        typeof input.mimeType === 'string' ? null : 'mimeType is required',
        input.httpMethod === 'POST' ? null : 'httpMethod must be POST',
        typeof input.fileSize === 'string' && /^\d+$/.test(input.fileSize) ? null : 'fileSize must be an UnsignedInt64 string',
      ].filter((problem): problem is string => problem !== null);
      for (const message of problems) userErrors.push({ field: ['input', String(index)], message });
      const token = randomBytes(8).toString('hex');
      const key = `tmp/${shop.domain}/${token}/${String(input.filename)}`;
      const parameters = [
        { name: 'Content-Type', value: String(input.mimeType) },
        { name: 'success_action_status', value: '201' },
        { name: 'acl', value: 'private' },
        { name: 'key', value: key },
        { name: 'policy', value: randomBytes(12).toString('base64') },
        { name: 'x-goog-signature', value: randomBytes(16).toString('hex') },
      ];
      const target = {
        url: `${base}/staged-uploads/${token}`,
        resourceUrl: `${base}/staged-uploads/${key}`,
        parameters,
      };
      fake.stagedUploads.push({
        shop: shop.domain,
        filename: String(input.filename),
        mimeType: String(input.mimeType),
        fileSize: String(input.fileSize),
        ...target,
        received: null,
      });
      return target;
    });
    return userErrors.length > 0 ? { stagedTargets: null, userErrors } : { stagedTargets, userErrors };
  }

  async function attach(shop: FakeShop, variables: Record<string, unknown>, query: string) {
    const input = (variables.product ?? {}) as Record<string, unknown>;
    const product = shop.products.find((candidate) => candidate.id === input.id);
    if (!product) return { product: null, userErrors: [{ field: ['id'], message: 'Product does not exist' }] };
    const media = Array.isArray(variables.media) ? (variables.media as Record<string, unknown>[]) : [];
    const userErrors: { field: string[]; message: string }[] = [];
    const uploads = media.map((item, index) => {
      const upload = fake.stagedUploads.find(
        (candidate) => candidate.resourceUrl === item.originalSource && candidate.shop === shop.domain,
      );
      if (item.mediaContentType !== 'IMAGE')
        userErrors.push({ field: ['media', String(index), 'mediaContentType'], message: 'Media content type is invalid' });
      if (!upload?.received) userErrors.push({ field: ['media', String(index), 'originalSource'], message: 'Image URL is invalid' });
      return upload;
    });
    if (userErrors.length > 0) return { product: null, userErrors };
    for (const [index, upload] of uploads.entries()) {
      const data = upload!.received!;
      const { width, height } = await sharp(data).metadata();
      const file = addFile(shop, upload!.filename, data, upload!.mimeType);
      product.media.push({
        id: `gid://shopify/MediaImage/${nextId()}`,
        alt: typeof media[index]!.alt === 'string' ? media[index]!.alt : '',
        fileName: file.name,
        url: file.url,
        width,
        height,
      });
    }
    product.updatedAt = new Date(now()).toISOString();
    return { product: productNode(product, query), userErrors };
  }

  function reorder(shop: FakeShop, variables: Record<string, unknown>) {
    const product = shop.products.find((candidate) => candidate.id === variables.id);
    if (!product) {
      return Promise.resolve({
        data: { productReorderMedia: { job: null, mediaUserErrors: [{ field: ['id'], message: 'Product does not exist' }] } },
        actual: MUTATION_COST,
      });
    }
    const moves = Array.isArray(variables.moves) ? (variables.moves as Record<string, unknown>[]) : [];
    for (const move of moves) {
      if (typeof move.newPosition !== 'string') {
        return Promise.resolve({
          errors: [
            { message: `Variable $moves of type [MoveInput!]! was provided invalid value (UnsignedInt64 must be encoded as a string)` },
          ],
          actual: 1,
        });
      }
    }
    const mediaUserErrors: { field: string[]; message: string }[] = [];
    for (const [index, move] of moves.entries()) {
      const at = product.media.findIndex((media) => media.id === move.id);
      if (at === -1) {
        mediaUserErrors.push({ field: ['moves', String(index), 'id'], message: 'Media does not exist' });
        continue;
      }
      const [media] = product.media.splice(at, 1);
      product.media.splice(Math.min(Number(move.newPosition), product.media.length), 0, media!);
    }
    return Promise.resolve({
      data: { productReorderMedia: { job: { id: `gid://shopify/Job/${nextId()}` }, mediaUserErrors } },
      actual: MUTATION_COST,
    });
  }

  const topics = new Set(['PRODUCTS_UPDATE', 'PRODUCTS_DELETE', 'APP_UNINSTALLED', 'PRODUCTS_CREATE']);
  function subscribe(shop: FakeShop, variables: Record<string, unknown>) {
    const topic = String(variables.topic);
    const input = (variables.webhookSubscription ?? {}) as Record<string, unknown>;
    const unknown = Object.keys(input).filter((key) => !['uri', 'format', 'includeFields', 'filter'].includes(key));
    if (!topics.has(topic)) return { webhookSubscription: null, userErrors: [{ field: ['topic'], message: 'Topic is invalid' }] };
    if (unknown.length > 0 || typeof input.uri !== 'string' || !/^https?:\/\//.test(input.uri)) {
      return { webhookSubscription: null, userErrors: [{ field: ['webhookSubscription', 'uri'], message: 'Address is invalid' }] };
    }
    if (shop.webhooks.some((webhook) => webhook.topic === topic && webhook.uri === input.uri)) {
      return {
        webhookSubscription: null,
        userErrors: [{ field: ['webhookSubscription', 'callbackUrl'], message: 'Address for this topic has already been taken' }],
      };
    }
    const webhook = {
      id: `gid://shopify/WebhookSubscription/${nextId()}`,
      topic,
      uri: input.uri,
      format: typeof input.format === 'string' ? input.format : 'JSON',
    };
    shop.webhooks.push(webhook);
    return { webhookSubscription: { id: webhook.id }, userErrors: [] };
  }

  async function graphqlEndpoint(request: RecordedRequest, res: http.ServerResponse, shop: FakeShop, version: string): Promise<void> {
    const failure = forced.shift();
    if (failure && 'status' in failure) {
      if (failure.status === 429)
        return sendJson(
          res,
          429,
          { errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.' },
          { 'retry-after': String(failure.retryAfterSeconds) },
        );
      if (failure.status === 401)
        return sendJson(res, 401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
      return sendJson(res, 500, { errors: 'Internal Server Error' });
    }
    const token = header(request, 'x-shopify-access-token');
    if (!token || !shop.tokens.has(token)) {
      return sendJson(res, 401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    }
    const body = request.body as { query?: unknown; variables?: unknown } | undefined;
    if (typeof body?.query !== 'string') return sendJson(res, 400, { errors: { query: 'Required parameter missing or invalid' } });
    const variables = (body.variables ?? {}) as Record<string, unknown>;
    const root = rootField(body.query) ?? '';
    fake.graphqlCalls.push({ shop: shop.domain, version, root, variables });
    const { requested, run } = await operation(shop, root, body.query, variables);
    const throttled = {
      message: 'Throttled',
      extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
    };
    if (failure && 'throttled' in failure) return sendJson(res, 200, { errors: [throttled], extensions: costExtension(requested, null) });
    if (requested > level()) {
      fake.throttledCount += 1;
      return sendJson(res, 200, { errors: [throttled], extensions: costExtension(requested, null) });
    }
    bucketLevel -= requested;
    const result = await run();
    // Shopify charges the requested cost up front and refunds what the query did not use.
    bucketLevel = Math.min(maximumAvailable, bucketLevel + Math.max(0, requested - result.actual));
    const answer: Record<string, unknown> = {};
    if (result.data !== undefined) answer.data = result.data;
    if (result.errors) answer.errors = result.errors;
    answer.extensions = costExtension(requested, result.actual);
    sendJson(res, 200, answer);
  }

  async function stagedUploadEndpoint(request: RecordedRequest, res: http.ServerResponse, token: string): Promise<void> {
    const upload = fake.stagedUploads.find((candidate) => candidate.url === `${base}/staged-uploads/${token}`);
    if (!upload || request.method !== 'POST')
      return sendBytes(res, 404, Buffer.from('<Error><Code>NoSuchUpload</Code></Error>'), 'application/xml');
    const form = await new Request('http://fake.invalid/', {
      method: 'POST',
      headers: { 'content-type': header(request, 'content-type') ?? '' },
      body: new Uint8Array(request.rawBody),
    })
      .formData()
      .catch(() => undefined);
    const entries = form ? [...form.entries()] : [];
    const fields = entries.slice(0, -1).map(([name, value]) => ({ name, value: typeof value === 'string' ? value : '' }));
    const last = entries.at(-1);
    const parametersMatch =
      fields.length === upload.parameters.length &&
      upload.parameters.every((parameter, index) => fields[index]?.name === parameter.name && fields[index]?.value === parameter.value);
    if (!parametersMatch || !last || last[0] !== 'file' || typeof last[1] === 'string') {
      return sendBytes(
        res,
        403,
        Buffer.from('<Error><Code>AccessDenied</Code><Message>Invalid policy or form</Message></Error>'),
        'application/xml',
      );
    }
    upload.received = Buffer.from(await last[1].arrayBuffer());
    sendBytes(
      res,
      201,
      Buffer.from(`<PostResponse><Key>${upload.parameters.find((p) => p.name === 'key')?.value}</Key></PostResponse>`),
      'application/xml',
    );
  }

  const server = await startServer(async (request, res) => {
    fake.requests.push(request);
    const parts = request.path.split('/').filter(Boolean).map(decodeURIComponent);
    if (parts[0] === 'staged-uploads' && parts.length === 2) return stagedUploadEndpoint(request, res, parts[1]!);
    if (parts[0] === 'cdn' && parts[2] === 'files' && request.method === 'GET') {
      const file = shops.get(parts[1]!)?.files.get(parts.slice(3).join('/'));
      return file ? sendBytes(res, 200, file.data, file.contentType) : sendJson(res, 404, { errors: 'Not Found' });
    }
    const shop = shops.get(parts[0] ?? '');
    if (!shop || parts[1] !== 'admin') return sendJson(res, 404, { errors: 'Not Found' });
    const rest = parts.slice(2).join('/');
    if (rest === 'oauth/authorize' && request.method === 'GET') {
      fake.authorizeRequests.push(request);
      return sendBytes(res, 200, Buffer.from('<html><body>Install app?</body></html>'), 'text/html');
    }
    if (rest === 'oauth/access_token' && request.method === 'POST') {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (body.client_id !== apiKey || body.client_secret !== apiSecret) {
        return sendJson(res, 400, { error: 'invalid_client', error_description: 'Client credentials are invalid' });
      }
      if (typeof body.code !== 'string' || codes.get(body.code) !== shop.domain) {
        return sendJson(res, 400, {
          error: 'invalid_request',
          error_description: 'The authorization code was not found or was already used',
        });
      }
      codes.delete(body.code);
      const accessToken = `shpua_${randomBytes(16).toString('hex')}`;
      shop.tokens.add(accessToken);
      shop.uninstalled = false;
      return sendJson(res, 200, { access_token: accessToken, scope: SCOPE });
    }
    const graphql = rest.match(/^api\/(\d{4}-\d{2}|unstable)\/graphql\.json$/);
    if (graphql && request.method === 'POST') return graphqlEndpoint(request, res, shop, graphql[1]!);
    sendJson(res, 404, { errors: 'Not Found' });
  });
  base = server.url;

  const pngs = new Map<number, Buffer>();
  const colours = ['#c0392b', '#2980b9', '#27ae60', '#8e44ad'];

  return Object.assign(fake, {
    url: server.url,
    shopUrlTemplate: `${server.url}/{shop}`,
    apiKey,
    apiSecret,
    addShop(domain: string, shopOptions: { name?: string; token?: string } = {}) {
      const shop: FakeShop = {
        domain,
        name: shopOptions.name ?? domain.replace(/\.myshopify\.com$/, ''),
        tokens: new Set(shopOptions.token ? [shopOptions.token] : []),
        products: [],
        webhooks: [],
        uninstalled: false,
        files: new Map(),
      };
      shops.set(domain, shop);
      return shop;
    },
    shop(domain: string) {
      const shop = shops.get(domain);
      if (!shop) throw new Error(`fake: no shop ${domain}`);
      return shop;
    },
    async seedProducts(domain: string, count: number, seedOptions: { imagesPerProduct?: number; updatedFrom?: string } = {}) {
      const shop = shops.get(domain);
      if (!shop) throw new Error(`fake: no shop ${domain}`);
      const imagesPerProduct = seedOptions.imagesPerProduct ?? 1;
      const from = Date.parse(seedOptions.updatedFrom ?? '2026-01-01T00:00:00Z');
      const added: FakeProduct[] = [];
      for (let i = 0; i < count; i++) {
        const number = shop.products.length + 1;
        const media: FakeMedia[] = [];
        for (let j = 0; j < imagesPerProduct; j++) {
          const colour = (number + j) % colours.length;
          if (!pngs.has(colour)) pngs.set(colour, await makePng(24, 16, colours[colour]));
          const file = addFile(shop, `product-${number}-${j + 1}.png`, pngs.get(colour)!, 'image/png');
          media.push({
            id: `gid://shopify/MediaImage/${nextId()}`,
            alt: `Product ${number} photo ${j + 1}`,
            fileName: file.name,
            url: file.url,
            width: 24,
            height: 16,
          });
        }
        const product: FakeProduct = {
          id: `gid://shopify/Product/${nextId()}`,
          title: `Product ${number}`,
          handle: `product-${number}`,
          status: number % 10 === 0 ? 'DRAFT' : 'ACTIVE',
          vendor: 'Fake Vendor',
          productType: 'Mug',
          tags: ['fake', `n${number}`],
          description: `The ${number}th product.`,
          updatedAt: new Date(from + i * 1000).toISOString(),
          media,
        };
        shop.products.push(product);
        added.push(product);
      }
      return added;
    },
    issueCode(domain: string) {
      const code = randomBytes(16).toString('hex');
      codes.set(code, domain);
      return code;
    },
    failNext(...failures: ForcedFailure[]) {
      forced.push(...failures);
    },
    setAvailable(points: number) {
      bucketLevel = points;
      bucketAt = now();
    },
    available: () => level(),
    signWebhook(body: string | Buffer, secret: string) {
      return createHmac('sha256', secret).update(body).digest('base64');
    },
    close: () => server.close(),
  });
}
