import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#test-support/test-database.ts';
import { DEMO_STORE_DOMAIN, DEMO_STORE_NAME } from '#contracts/stores.ts';
import type { Database } from '#server/db/client.ts';
import { demoStoreMedia, workspaces } from '#server/db/schema/index.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import type { Storage } from '../../storage/storage.ts';
import type { StoreClient, StoreProductData } from '../store-client.ts';
import { DEMO_CATALOGUE_UPDATED_AT, demoCatalogue, demoProductByHandle, demoProductExternalId } from './catalogue.ts';
import { createDemoStoreClient, demoMediaKey } from './demo-client.ts';
import { renderDemoPhoto } from './photos.ts';

// postgres-pass: same

let database: Database;
let root: string;
let storage: Storage;
beforeAll(async () => {
  database = await openTestDatabase();
  root = await mkdtemp(path.join(os.tmpdir(), 'klipt-demo-store-'));
  storage = createLocalStorage(root, { signingKey: Buffer.from('demo store key'), signedUrlSeconds: 900 });
});
afterAll(async () => {
  await database?.close();
  await rm(root, { recursive: true, force: true });
});

async function demoStore(): Promise<{ client: StoreClient; workspaceId: string }> {
  const [team] = await database.db.insert(workspaces).values({ kind: 'team', name: 'Demo shop' }).returning({ id: workspaces.id });
  return { client: createDemoStoreClient({ db: database.db, storage, workspaceId: team!.id }), workspaceId: team!.id };
}

const jpeg = (color: string) =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
const mugId = demoProductExternalId(demoProductByHandle('stoneware-mug')!);
const bottleId = demoProductExternalId(demoProductByHandle('glass-water-bottle')!);

async function allProducts(
  client: StoreClient,
  updatedSince: string | null,
  pageSize: number,
): Promise<{ products: StoreProductData[]; pages: number }> {
  const products: StoreProductData[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await client.listProducts({ cursor, updatedSince, pageSize });
    products.push(...page.products);
    cursor = page.nextCursor;
    pages++;
  } while (cursor !== null && pages < 50);
  return { products, pages };
}

describe('demo store client', () => {
  it('names the demo shop', async () => {
    const { client } = await demoStore();
    expect(await client.shop()).toEqual({ name: DEMO_STORE_NAME, domain: DEMO_STORE_DOMAIN });
  });

  it('pages through the whole catalogue by updatedAt, each product once, with Shopify-shaped ids', async () => {
    const { client } = await demoStore();
    const { products, pages } = await allProducts(client, null, 5);
    expect(pages).toBe(Math.ceil(demoCatalogue.length / 5));
    expect(products.map((p) => p.handle).sort()).toEqual(demoCatalogue.map((p) => p.handle).sort());
    const mug = products.find((p) => p.handle === 'stoneware-mug')!;
    expect(mug).toMatchObject({
      externalId: mugId,
      title: 'Stoneware Mug — Sage',
      status: 'active',
      vendor: 'Klipt Demo Co.',
      productType: 'Mugs',
      updatedAt: DEMO_CATALOGUE_UPDATED_AT,
    });
    expect(mug.images).toHaveLength(2);
    expect(mug.images[0]).toMatchObject({ externalId: 'gid://shopify/MediaImage/910471000010101', width: 1200, height: 1200 });
    expect(products.find((p) => p.handle === 'satin-lipstick')!.status).toBe('draft');
  });

  it('gives the catalogue photos back through fetchImage, within the size limit', async () => {
    const { client } = await demoStore();
    const product = (await client.getProduct(bottleId))!;
    const data = await client.fetchImage(product.images[0]!.url, 10_000_000);
    expect(data.equals(await renderDemoPhoto(demoProductByHandle('glass-water-bottle')!, 1))).toBe(true);
    await expect(client.fetchImage(product.images[0]!.url, 1000)).rejects.toMatchObject({ name: 'StoreError', kind: 'too_large' });
    await expect(client.fetchImage('demo-store:catalogue/glass-water-bottle/7', 10_000_000)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(client.fetchImage('https://example.com/a.jpg', 10_000_000)).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('publishes images onto a product: stored, last by default, featured first, existing media kept', async () => {
    const { client, workspaceId } = await demoStore();
    const [red, blue] = [await jpeg('#ff0000'), await jpeg('#0000ff')];
    const { mediaId: last } = await client.publishImage({
      productExternalId: mugId,
      data: red,
      fileName: 'klipt-a.jpg',
      alt: 'Mug on a beach',
      featured: false,
    });
    const { mediaId: first } = await client.publishImage({
      productExternalId: mugId,
      data: blue,
      fileName: 'klipt-b.jpg',
      alt: 'Mug in a cafe',
      featured: true,
    });
    expect(last).toMatch(/^gid:\/\/klipt-demo\/MediaImage\/[0-9a-f-]{36}$/);

    const mug = (await client.getProduct(mugId))!;
    expect(mug.images.map((image) => image.externalId)).toEqual([
      first,
      'gid://shopify/MediaImage/910471000010101',
      'gid://shopify/MediaImage/910471000010102',
      last,
    ]);
    expect(mug.images[0]!.alt).toBe('Mug in a cafe');
    expect((await client.fetchImage(mug.images[0]!.url, 1_000_000)).equals(blue)).toBe(true);
    expect((await client.fetchImage(mug.images[3]!.url, 1_000_000)).equals(red)).toBe(true);

    const rows = await database.db.select().from(demoStoreMedia);
    const row = rows.find((r) => last.endsWith(r.id))!;
    expect(row.storageKey).toBe(demoMediaKey(workspaceId, row.storageKey.split('/').at(-1)!.replace('.jpg', '')));
    expect(row.storageKey.startsWith(`demo-store/${workspaceId}/`)).toBe(true);

    // Another featured one goes before the first, the rest keep their order.
    const { mediaId: newest } = await client.publishImage({
      productExternalId: mugId,
      data: red,
      fileName: 'klipt-c.jpg',
      alt: 'Mug',
      featured: true,
    });
    expect((await client.getProduct(mugId))!.images.map((image) => image.externalId)).toEqual([
      newest,
      first,
      'gid://shopify/MediaImage/910471000010101',
      'gid://shopify/MediaImage/910471000010102',
      last,
    ]);
  });

  it('refuses to publish onto a product it does not have', async () => {
    const { client } = await demoStore();
    await expect(
      client.publishImage({
        productExternalId: 'gid://shopify/Product/1',
        data: await jpeg('#00ff00'),
        fileName: 'klipt-x.jpg',
        alt: 'x',
        featured: false,
      }),
    ).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('finds published media by file name on that product only', async () => {
    const { client } = await demoStore();
    const { mediaId } = await client.publishImage({
      productExternalId: bottleId,
      data: await jpeg('#00ff00'),
      fileName: 'klipt-p1.jpg',
      alt: 'Bottle',
      featured: false,
    });
    expect(await client.findPublishedMedia(bottleId, 'klipt-p1.jpg')).toBe(mediaId);
    expect(await client.findPublishedMedia(bottleId, 'klipt-p2.jpg')).toBeNull();
    expect(await client.findPublishedMedia(mugId, 'klipt-p1.jpg')).toBeNull();
    expect(await client.findPublishedMedia('gid://shopify/Product/1', 'klipt-p1.jpg')).toBeNull();
  });

  it('moves a product it publishes onto past updatedSince; the others stay behind', async () => {
    const { client } = await demoStore();
    const before = await allProducts(client, new Date(Date.now() - 1000).toISOString(), 5);
    expect(before.products).toEqual([]);
    expect(before.pages).toBe(1);

    const since = new Date(Date.now() - 1000).toISOString();
    await client.publishImage({
      productExternalId: bottleId,
      data: await jpeg('#00ff00'),
      fileName: 'klipt-u.jpg',
      alt: 'Bottle',
      featured: false,
    });
    const after = await allProducts(client, since, 5);
    expect(after.products.map((p) => p.handle)).toEqual(['glass-water-bottle']);
    expect(Date.parse(after.products[0]!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(since));

    // The changed product now comes last in the full listing.
    const everything = await allProducts(client, DEMO_CATALOGUE_UPDATED_AT, 4);
    expect(everything.products).toHaveLength(demoCatalogue.length);
    expect(everything.products.at(-1)!.handle).toBe('glass-water-bottle');
  });

  it('keeps each workspace’s demo store its own', async () => {
    const one = await demoStore();
    const two = await demoStore();
    const { mediaId } = await one.client.publishImage({
      productExternalId: mugId,
      data: await jpeg('#ff00ff'),
      fileName: 'klipt-w.jpg',
      alt: 'Mug',
      featured: true,
    });
    expect((await two.client.getProduct(mugId))!.images).toHaveLength(2);
    expect(await two.client.findPublishedMedia(mugId, 'klipt-w.jpg')).toBeNull();
    const url = (await one.client.getProduct(mugId))!.images[0]!.url;
    await expect(two.client.fetchImage(url, 1_000_000)).rejects.toMatchObject({ kind: 'not_found' });
    expect(mediaId).toContain('klipt-demo');
  });

  it('answers getProduct with null for ids it does not have, refuses a forged cursor, and subscribes and uninstalls quietly', async () => {
    const { client } = await demoStore();
    expect(await client.getProduct('gid://shopify/Product/42')).toBeNull();
    expect(await client.getProduct('nonsense')).toBeNull();
    await expect(client.listProducts({ cursor: 'not-a-cursor', updatedSince: null, pageSize: 5 })).rejects.toMatchObject({
      kind: 'rejected',
    });
    await expect(client.registerWebhooks('https://klipt.example/api/webhooks/shopify')).resolves.toBeUndefined();
    await expect(client.uninstall()).resolves.toBeUndefined();
  });
});
