import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importFinished,
  SHOP,
  SHOP_TOKEN,
  startStoreTestApp,
  storeMember,
  storePath,
  storeRequest,
  type StoreMember,
  type StoreTestApp,
} from '#test-support/stores.ts';
import {
  DEMO_STORE_DOMAIN,
  storeMessages,
  type DemoStorefrontProduct,
  type StoreConnection,
  type StoreProductPage,
} from '#contracts/stores.ts';
import { storeConnections, storeProductImages, storeProducts } from '../../db/schema/index.ts';
import { demoCatalogue } from '../../providers/stores/demo/catalogue.ts';
import { createShopifyStoreClient } from '../../providers/stores/shopify/shopify-client.ts';
import { importStoreCatalogueJob } from './jobs.ts';
import { IMPORT_PAGE_SIZE } from './import.ts';

// postgres-pass: processes

describe('A catalogue import that stopped goes on where it was', () => {
  let app: StoreTestApp;
  let owner: StoreMember;
  beforeAll(async () => {
    // No workers: the test plays the worker, and the one that died.
    app = await startStoreTestApp({ workers: false });
    owner = await storeMember(app.ctx, 'restart@example.com');
    app.fake.addShop(SHOP, { token: SHOP_TOKEN });
    await app.fake.seedProducts(SHOP, IMPORT_PAGE_SIZE * 2 + 5);
  });
  afterAll(async () => {
    await app?.close();
  });
  const db = () => app.ctx.database.db;
  const connection = async () => (await db().select().from(storeConnections).where(eq(storeConnections.workspaceId, owner.workspace)))[0]!;

  it('continues from the saved cursor, and the recovery task queues an import no job is running', async () => {
    const res = await storeRequest(app.ctx, owner, {
      method: 'POST',
      url: storePath(owner.workspace, '/shopify/token'),
      payload: { shopDomain: SHOP, accessToken: SHOP_TOKEN },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<StoreConnection>().sync.status).toBe('running');

    // A worker read the first page, saved its cursor, and died: its job is gone.
    const client = createShopifyStoreClient({ shopDomain: SHOP, accessToken: SHOP_TOKEN, shopUrlTemplate: app.fake.shopUrlTemplate });
    const first = await client.listProducts({ cursor: null, updatedSince: null, pageSize: IMPORT_PAGE_SIZE });
    const row = await connection();
    await db().update(storeConnections).set({ syncCursor: first.nextCursor }).where(eq(storeConnections.id, row.id));
    const unfinished = await app.ctx.jobs.unfinished(importStoreCatalogueJob, 'connectionId', [row.id]);
    await app.ctx.jobs.cancel(
      importStoreCatalogueJob,
      unfinished.map((e) => e.id),
    );

    expect(await app.ctx.services.storeImports.recoverStalled()).toBe(1);
    // A job on its way: a second pass queues nothing more.
    expect(await app.ctx.services.storeImports.recoverStalled()).toBe(0);

    const calls = app.fake.graphqlCalls.length;
    expect(await app.ctx.runQueued([importStoreCatalogueJob.name])).toBe(1);
    const listCalls = app.fake.graphqlCalls.slice(calls).filter((c) => c.root === 'products');
    expect(listCalls[0]!.variables.after).toBe(first.nextCursor);

    const done = await connection();
    expect(done).toMatchObject({ syncStatus: 'idle', syncCursor: null });
    const products = await db().select().from(storeProducts).where(eq(storeProducts.connectionId, row.id));
    const firstPageIds = new Set(first.products.map((p) => p.externalId));
    // The rest of the catalogue, and none of the first page again.
    expect(products).toHaveLength(IMPORT_PAGE_SIZE + 5);
    expect(products.some((p) => firstPageIds.has(p.externalId))).toBe(false);
    expect(done.syncWatermark!.toISOString()).toBe(app.fake.shop(SHOP).products.at(-1)!.updatedAt);
  });

  it('does nothing for an import no longer running (a job run twice)', async () => {
    const row = await connection();
    const calls = app.fake.graphqlCalls.length;
    await app.ctx.services.storeImports.run(row.id);
    expect(app.fake.graphqlCalls.length).toBe(calls);
  });
});

describe('The demo store', () => {
  let app: StoreTestApp;
  let owner: StoreMember;
  beforeAll(async () => {
    app = await startStoreTestApp();
    owner = await storeMember(app.ctx, 'demo@example.com');
  });
  afterAll(async () => {
    await app?.close();
  });
  const db = () => app.ctx.database.db;

  it('connects, imports its catalogue into product photos, shows its storefront, and resets', { timeout: 300_000 }, async () => {
    const res = await storeRequest(app.ctx, owner, { method: 'POST', url: storePath(owner.workspace, '/demo') });
    expect(res.statusCode).toBe(201);
    expect(res.json<StoreConnection>()).toMatchObject({
      platform: 'demo',
      method: 'demo',
      shopDomain: DEMO_STORE_DOMAIN,
      liveUpdates: false,
    });
    // The demo photos are drawn and rendered on first use: slower than the fake's tiny PNGs.
    const done = await importFinished(app.ctx, owner.workspace, 120_000);
    expect(done.syncStatus).toBe('idle');
    const products = await db().select().from(storeProducts).where(eq(storeProducts.workspaceId, owner.workspace));
    expect(products).toHaveLength(demoCatalogue.length);
    const images = await db().select().from(storeProductImages);
    expect(images.length).toBeGreaterThanOrEqual(demoCatalogue.length);
    expect(images.every((i) => i.uploadId !== null && i.copyError === null)).toBe(true);

    const page = (await storeRequest(app.ctx, owner, { url: storePath(owner.workspace, '/products') })).json<StoreProductPage>();
    expect(page.products.length).toBe(Math.min(24, demoCatalogue.length));
    const handle = demoCatalogue[0].handle;
    const storefront = await storeRequest(app.ctx, owner, { url: storePath(owner.workspace, `/demo/products/${handle}`) });
    expect(storefront.statusCode).toBe(200);
    expect(storefront.json<DemoStorefrontProduct>()).toMatchObject({ handle, title: demoCatalogue[0].title });
    expect((await storeRequest(app.ctx, owner, { url: storePath(owner.workspace, '/demo/products/no-such-thing') })).statusCode).toBe(404);

    const reset = await storeRequest(app.ctx, owner, { method: 'POST', url: storePath(owner.workspace, '/demo/reset') });
    expect(reset.statusCode).toBe(200);
    expect(reset.json<StoreConnection>().sync.status).toBe('running');
    const again = await importFinished(app.ctx, owner.workspace, 120_000);
    expect(again.syncStatus).toBe('idle');
    expect(await db().select().from(storeProducts).where(eq(storeProducts.workspaceId, owner.workspace))).toHaveLength(
      demoCatalogue.length,
    );
  });

  it('resets and shows storefronts only for the demo store', async () => {
    await storeRequest(app.ctx, owner, { method: 'DELETE', url: storePath(owner.workspace) });
    app.fake.addShop(SHOP, { token: SHOP_TOKEN });
    const connected = await storeRequest(app.ctx, owner, {
      method: 'POST',
      url: storePath(owner.workspace, '/shopify/token'),
      payload: { shopDomain: SHOP, accessToken: SHOP_TOKEN },
    });
    expect(connected.statusCode).toBe(201);
    await importFinished(app.ctx, owner.workspace);
    const reset = await storeRequest(app.ctx, owner, { method: 'POST', url: storePath(owner.workspace, '/demo/reset') });
    expect(reset.statusCode).toBe(409);
    expect(reset.json().error.message).toBe(storeMessages.demoOnly);
    const page = await storeRequest(app.ctx, owner, { url: storePath(owner.workspace, `/demo/products/${demoCatalogue[0].handle}`) });
    expect(page.statusCode).toBe(404);
  });
});
