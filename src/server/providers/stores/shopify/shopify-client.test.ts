import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SHOPIFY_API_VERSION } from '#contracts/stores.ts';
import { makeJpeg } from '#test-fakes/images.ts';
import { startShopifyFake, type ShopifyFake } from '#test-fakes/shopify-fake.ts';
import type { StoreClient, StoreProductData } from '../store-client.ts';
import { createShopifyStoreClient, matchesFileName } from './shopify-client.ts';

const domain = 'test-shop.myshopify.com';
const token = 'shpat_testtoken123';

/** A virtual clock shared by the fake's bucket and the client: sleeping moves time on at once. */
function testClock() {
  let time = Date.parse('2026-11-27T12:00:00Z');
  const slept: number[] = [];
  return {
    now: () => time,
    sleep: async (ms: number) => {
      slept.push(ms);
      time += ms;
    },
    slept,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

let fake: ShopifyFake;
let clock: ReturnType<typeof testClock>;
let client: StoreClient;

beforeEach(async () => {
  clock = testClock();
  fake = await startShopifyFake({ now: clock.now });
  fake.addShop(domain, { name: 'Test Shop', token });
  client = createShopifyStoreClient({
    shopDomain: domain,
    accessToken: token,
    shopUrlTemplate: fake.shopUrlTemplate,
    sleep: clock.sleep,
    now: clock.now,
    random: () => 0.5,
  });
});
afterEach(() => fake.close());

async function listAll(updatedSince: string | null = null): Promise<StoreProductData[]> {
  const products: StoreProductData[] = [];
  let cursor: string | null = null;
  do {
    const page = await client.listProducts({ cursor, updatedSince, pageSize: 50 });
    products.push(...page.products);
    cursor = page.nextCursor;
  } while (cursor);
  return products;
}

describe('ShopifyStoreClient', () => {
  it('reads the shop through the pinned API version', async () => {
    expect(await client.shop()).toEqual({ name: 'Test Shop', domain });
    expect(fake.graphqlCalls).toEqual([{ shop: domain, version: SHOPIFY_API_VERSION, root: 'shop', variables: {} }]);
    expect(fake.requests[0]!.headers['x-shopify-access-token']).toBe(token);
  });

  it('lists a catalogue of 500 products to the end without one THROTTLED answer, pacing itself by the bucket', async () => {
    await fake.seedProducts(domain, 500, { imagesPerProduct: 2 });
    const started = performance.now();
    const products = await listAll();
    expect(performance.now() - started).toBeLessThan(10_000);

    expect(products).toHaveLength(500);
    expect(new Set(products.map((product) => product.externalId)).size).toBe(500);
    const times = products.map((product) => product.updatedAt);
    expect(times).toEqual(times.toSorted());
    expect(fake.throttledCount).toBe(0);
    // The bucket alone could not have carried 20 pages of ~277 points: the client waited for it.
    expect(fake.graphqlCalls).toHaveLength(20);
    expect(fake.graphqlCalls.every((call) => call.variables.first === 25)).toBe(true);
    expect(clock.slept.length).toBeGreaterThan(0);

    const first = products[0]!;
    expect(first).toMatchObject({
      title: 'Product 1',
      handle: 'product-1',
      status: 'active',
      vendor: 'Fake Vendor',
      productType: 'Mug',
      tags: ['fake', 'n1'],
    });
    expect(first.images).toHaveLength(2);
    expect(first.images[0]).toMatchObject({
      alt: 'Product 1 photo 1',
      width: 24,
      height: 16,
      externalId: expect.stringMatching(/^gid:\/\/shopify\/MediaImage\//),
    });
    expect(products[9]!.status).toBe('draft');
  });

  it('waits for the bucket to refill before a query it knows the bucket cannot hold yet', async () => {
    await fake.seedProducts(domain, 30);
    fake.setAvailable(300);
    await client.listProducts({ cursor: null, updatedSince: null, pageSize: 25 });
    // Charged 277 up front, refunded to the 52 used: 248 left, and the same query needs 277.
    const page = await client.listProducts({ cursor: null, updatedSince: null, pageSize: 25 });
    expect(page.products).toHaveLength(25);
    expect(fake.throttledCount).toBe(0);
    expect(clock.slept).toEqual([580]); // (277 - 248) points at 50 a second
  });

  it('after a THROTTLED answer (another caller drained the bucket), waits as long as the bucket says', async () => {
    await fake.seedProducts(domain, 30);
    fake.setAvailable(20);
    const page = await client.listProducts({ cursor: null, updatedSince: null, pageSize: 25 });
    expect(page.products).toHaveLength(25);
    expect(fake.throttledCount).toBe(1);
    expect(clock.slept).toEqual([5140]); // (277 - 20) points at 50 a second
  });

  it('recovers from THROTTLED answers and 429 with Retry-After', async () => {
    await fake.seedProducts(domain, 3);
    fake.failNext({ throttled: true }, { status: 429, retryAfterSeconds: 2 }, { status: 500 });
    const page = await client.listProducts({ cursor: null, updatedSince: null, pageSize: 10 });
    expect(page.products).toHaveLength(3);
    expect(fake.graphqlCalls).toHaveLength(2); // the 429 and 500 never reached GraphQL
    expect(clock.slept).toContain(2000);
    expect(clock.slept).toHaveLength(3);
  });

  it('gives up as unavailable after the bounded retries', async () => {
    fake.failNext(...Array.from({ length: 5 }, () => ({ status: 500 as const })));
    await expect(client.shop()).rejects.toMatchObject({ kind: 'unavailable' });
    expect(clock.slept).toHaveLength(4);
    expect(clock.slept[3]!).toBeGreaterThan(clock.slept[0]!);
  });

  it('treats a refused token as unauthorized, without retrying', async () => {
    fake.failNext({ status: 401 });
    await expect(client.shop()).rejects.toMatchObject({ name: 'StoreError', kind: 'unauthorized' });
    const stranger = createShopifyStoreClient({
      shopDomain: domain,
      accessToken: 'shpat_wrong',
      shopUrlTemplate: fake.shopUrlTemplate,
      sleep: clock.sleep,
    });
    await expect(stranger.shop()).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(clock.slept).toHaveLength(0);
  });

  it('re-syncs incrementally: only products updated at or after updatedSince', async () => {
    const products = await fake.seedProducts(domain, 40, { updatedFrom: '2026-01-01T00:00:00Z' });
    const since = products[35]!.updatedAt;
    const changed = await listAll(since);
    expect(changed.map((product) => product.title)).toEqual(['Product 36', 'Product 37', 'Product 38', 'Product 39', 'Product 40']);
    expect(fake.graphqlCalls.at(-1)!.variables.query).toBe(`updated_at:>='${since}'`);
  });

  it('gets one product, or null when the store no longer has it', async () => {
    const [product] = await fake.seedProducts(domain, 1, { imagesPerProduct: 3 });
    expect((await client.getProduct(product!.id))?.images).toHaveLength(3);
    expect(await client.getProduct('gid://shopify/Product/999999')).toBeNull();
  });

  it('downloads an image, refusing more than maxBytes and a missing file', async () => {
    const [product] = await fake.seedProducts(domain, 1);
    const url = product!.media[0]!.url;
    const bytes = await client.fetchImage(url, 1_000_000);
    expect((await sharp(bytes).metadata()).format).toBe('png');
    await expect(client.fetchImage(url, 10)).rejects.toMatchObject({ kind: 'too_large' });
    await expect(client.fetchImage(`${fake.url}/cdn/${domain}/files/missing.png`, 1000)).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('publishes an image: staged upload, media attached with alt text, existing media kept', async () => {
    const [product] = await fake.seedProducts(domain, 1, { imagesPerProduct: 2 });
    const before = product!.media.map((media) => media.id);
    const jpeg = await makeJpeg(80, 60);
    const { mediaId } = await client.publishImage({
      productExternalId: product!.id,
      data: jpeg,
      fileName: 'klipt-0f0e.jpg',
      alt: 'Product 1 – on a marble table',
      featured: false,
    });

    const upload = fake.stagedUploads[0]!;
    expect(upload).toMatchObject({ filename: 'klipt-0f0e.jpg', mimeType: 'image/jpeg', fileSize: String(jpeg.length) });
    expect(upload.received?.equals(jpeg)).toBe(true);
    const media = fake.shop(domain).products[0]!.media;
    expect(media.map((item) => item.id)).toEqual([...before, mediaId]);
    expect(media.at(-1)).toMatchObject({ alt: 'Product 1 – on a marble table', width: 80, height: 60 });
    expect(fake.graphqlCalls.map((call) => call.root)).toEqual(['stagedUploadsCreate', 'productUpdate']);
    // The file Shopify serves is the one uploaded, under its name.
    expect(media.at(-1)!.url).toContain('/files/klipt-0f0e.jpg?v=');
    expect((await client.fetchImage(media.at(-1)!.url, 1_000_000)).equals(jpeg)).toBe(true);
  });

  it('publishes a featured image first among the media', async () => {
    const [product] = await fake.seedProducts(domain, 1, { imagesPerProduct: 2 });
    const { mediaId } = await client.publishImage({
      productExternalId: product!.id,
      data: await makeJpeg(),
      fileName: 'klipt-1.jpg',
      alt: 'Hero',
      featured: true,
    });
    const media = fake.shop(domain).products[0]!.media;
    expect(media).toHaveLength(3);
    expect(media[0]!.id).toBe(mediaId);
    expect(fake.graphqlCalls.at(-1)).toMatchObject({
      root: 'productReorderMedia',
      variables: { moves: [{ id: mediaId, newPosition: '0' }] },
    });
  });

  it("turns Shopify's userErrors into a 'rejected' StoreError with their message", async () => {
    await expect(
      client.publishImage({
        productExternalId: 'gid://shopify/Product/404',
        data: await makeJpeg(),
        fileName: 'klipt-2.jpg',
        alt: 'x',
        featured: false,
      }),
    ).rejects.toMatchObject({ kind: 'rejected', message: 'Product does not exist' });
  });

  it('finds media a crashed try already attached, by the file name Shopify keeps in the URL', async () => {
    const [product] = await fake.seedProducts(domain, 1);
    expect(await client.findPublishedMedia(product!.id, 'klipt-abc.jpg')).toBeNull();
    const first = await client.publishImage({
      productExternalId: product!.id,
      data: await makeJpeg(),
      fileName: 'klipt-abc.jpg',
      alt: 'a',
      featured: false,
    });
    expect(await client.findPublishedMedia(product!.id, 'klipt-abc.jpg')).toBe(first.mediaId);
    expect(await client.findPublishedMedia(product!.id, 'klipt-ab.jpg')).toBeNull();
    expect(await client.findPublishedMedia('gid://shopify/Product/404', 'klipt-abc.jpg')).toBeNull();
  });

  it('recognises a renamed duplicate file name', () => {
    expect(matchesFileName('https://cdn.shopify.com/s/files/1/0/files/klipt-abc.jpg?v=1', 'klipt-abc.jpg')).toBe(true);
    expect(matchesFileName('https://cdn.shopify.com/s/files/1/0/files/klipt-abc_1a2b3c4d.jpg?v=1', 'klipt-abc.jpg')).toBe(true);
    expect(matchesFileName('https://cdn.shopify.com/s/files/1/0/files/klipt-abcd.jpg?v=1', 'klipt-abc.jpg')).toBe(false);
    expect(matchesFileName('not a url', 'klipt-abc.jpg')).toBe(false);
  });

  it('registers the three webhooks once, tolerating a second registration', async () => {
    await client.registerWebhooks('https://klipt.example/api/webhooks/shopify');
    await client.registerWebhooks('https://klipt.example/api/webhooks/shopify');
    expect(fake.shop(domain).webhooks.map(({ topic, uri, format }) => ({ topic, uri, format }))).toEqual([
      { topic: 'PRODUCTS_UPDATE', uri: 'https://klipt.example/api/webhooks/shopify', format: 'JSON' },
      { topic: 'PRODUCTS_DELETE', uri: 'https://klipt.example/api/webhooks/shopify', format: 'JSON' },
      { topic: 'APP_UNINSTALLED', uri: 'https://klipt.example/api/webhooks/shopify', format: 'JSON' },
    ]);
  });

  it('uninstalls itself; the token stops working and a second uninstall is a no-op', async () => {
    await client.registerWebhooks('https://klipt.example/api/webhooks/shopify');
    await client.uninstall();
    expect(fake.shop(domain)).toMatchObject({ uninstalled: true, webhooks: [] });
    await expect(client.shop()).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(client.uninstall()).resolves.toBeUndefined();
  });
});
