import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importFinished,
  sendShopifyWebhook,
  SHOP,
  SHOP_TOKEN,
  startStoreTestApp,
  storeMember,
  storePath,
  storeRequest,
  type StoreMember,
  type StoreTestApp,
} from '#test-support/stores.ts';
import { waitFor } from '#test-support/wait-for.ts';
import type { StoreConnection, StoreProductPage } from '#contracts/stores.ts';
import { activityLog, shopifyWebhookEvents, storeConnections, storeProductImages, storeProducts } from '../../db/schema/index.ts';

// postgres-pass: concurrency

let app: StoreTestApp;
let owner: StoreMember;
const db = () => app.ctx.database.db;

beforeAll(async () => {
  app = await startStoreTestApp({ app: true });
  owner = await storeMember(app.ctx, 'hooks@example.com');
  app.fake.addShop(SHOP, { name: 'Fancy Mugs', token: SHOP_TOKEN });
  await app.fake.seedProducts(SHOP, 4, { imagesPerProduct: 2 });
  const res = await storeRequest(app.ctx, owner, {
    method: 'POST',
    url: storePath(owner.workspace, '/shopify/token'),
    payload: { shopDomain: SHOP, accessToken: SHOP_TOKEN },
  });
  if (res.statusCode !== 201) throw new Error(`connecting the test store answered ${res.statusCode}: ${res.body}`);
  await importFinished(app.ctx, owner.workspace);
});
afterAll(async () => {
  await app?.close();
});

const events = (id: string) => db().select().from(shopifyWebhookEvents).where(eq(shopifyWebhookEvents.webhookId, id));
const processed = (id: string) =>
  waitFor(
    async () => {
      const [row] = await events(id);
      return row?.processedAt ? row : undefined;
    },
    { message: `webhook ${id} to be processed` },
  );
const webhookLog = (id: string) =>
  db()
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.type, 'store_webhook'), sql`${activityLog.details}->>'webhookId' = ${id}`));
const product = (externalId: string) =>
  db()
    .select()
    .from(storeProducts)
    .where(and(eq(storeProducts.workspaceId, owner.workspace), eq(storeProducts.externalId, externalId)))
    .then((rows) => rows[0]);
const numericId = (gid: string) => Number(gid.split('/').pop());

describe('Shopify webhooks: verified over the raw body', () => {
  it('refuses a missing or bad signature with 401 and stores nothing', async () => {
    const body = { id: 1, admin_graphql_api_id: 'gid://shopify/Product/1' };
    const missing = await sendShopifyWebhook(app, { topic: 'products/update', body, secret: null, id: 'wh-missing' });
    expect(missing.statusCode).toBe(401);
    const wrongKey = await sendShopifyWebhook(app, { topic: 'products/update', body, secret: 'someone-elses-secret', id: 'wh-wrong' });
    expect(wrongKey.statusCode).toBe(401);
    const garbage = await sendShopifyWebhook(app, {
      topic: 'products/update',
      body,
      secret: null,
      hmac: 'bm90IGEgc2lnbmF0dXJl',
      id: 'wh-garbage',
    });
    expect(garbage.statusCode).toBe(401);
    // Signed for another body: the signature covers the exact bytes.
    const otherBody = await sendShopifyWebhook(app, {
      topic: 'products/update',
      body,
      secret: null,
      hmac: app.fake.signWebhook(JSON.stringify({ ...body, id: 2 }), app.fake.apiSecret),
      id: 'wh-other-body',
    });
    expect(otherBody.statusCode).toBe(401);
    for (const id of ['wh-missing', 'wh-wrong', 'wh-garbage', 'wh-other-body']) expect(await events(id)).toHaveLength(0);
  });

  it('processes a valid webhook once, even when Shopify sends it twice', async () => {
    const target = app.fake.shop(SHOP).products[0]!;
    target.title = 'Mug, now in blue';
    target.updatedAt = new Date().toISOString();
    const body = { id: numericId(target.id), admin_graphql_api_id: target.id, title: target.title };
    const first = await sendShopifyWebhook(app, { topic: 'products/update', body, secret: app.fake.apiSecret, id: 'wh-twice' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const second = await sendShopifyWebhook(app, { topic: 'products/update', body, secret: app.fake.apiSecret, id: 'wh-twice' });
    expect(second.statusCode).toBe(200);
    await processed('wh-twice');
    expect(await events('wh-twice')).toHaveLength(1);
    expect((await product(target.id))!.title).toBe('Mug, now in blue');
    // Give a second job, were one queued, the time to run.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const logged = await webhookLog('wh-twice');
    expect(logged).toHaveLength(1);
    expect(logged[0]!.details).toMatchObject({ topic: 'products/update', shopDomain: SHOP });
  });
});

describe('Shopify webhooks: what each topic does', () => {
  it('products/update re-reads the product: new images copied, removed ones dropped', async () => {
    const target = app.fake.shop(SHOP).products[1]!;
    const dropped = target.media.shift()!;
    const [donor] = await app.fake.seedProducts(SHOP, 1, { imagesPerProduct: 1 });
    app.fake.shop(SHOP).products.pop();
    target.media.push(donor!.media[0]!);
    const body = { id: numericId(target.id), admin_graphql_api_id: target.id };
    expect(
      (await sendShopifyWebhook(app, { topic: 'products/update', body, secret: app.fake.apiSecret, id: 'wh-images' })).statusCode,
    ).toBe(200);
    await processed('wh-images');
    const row = await product(target.id);
    const images = await db().select().from(storeProductImages).where(eq(storeProductImages.productId, row!.id));
    expect(images.map((i) => i.externalId).sort()).toEqual(target.media.map((m) => m.id).sort());
    expect(images.map((i) => i.externalId)).not.toContain(dropped.id);
    expect(images.every((i) => i.uploadId !== null)).toBe(true);
  });

  it('products/delete hides the product from the picker', async () => {
    const target = app.fake.shop(SHOP).products[2]!;
    const body = { id: numericId(target.id) };
    expect(
      (await sendShopifyWebhook(app, { topic: 'products/delete', body, secret: app.fake.apiSecret, id: 'wh-delete' })).statusCode,
    ).toBe(200);
    await processed('wh-delete');
    expect((await product(target.id))!.deletedAt).not.toBeNull();
    const page = (await storeRequest(app.ctx, owner, { url: storePath(owner.workspace, '/products') })).json<StoreProductPage>();
    expect(page.products.map((p) => p.externalId)).not.toContain(target.id);
    expect(page.products).toHaveLength(3);
  });

  it('customers/data_request and customers/redact are answered and logged; no customer data is kept', async () => {
    const customer = {
      shop_id: 1,
      shop_domain: SHOP,
      customer: { id: 7, email: 'buyer@example.com', phone: '555-0100' },
      orders_requested: [1],
    };
    for (const [topic, id] of [
      ['customers/data_request', 'wh-data-request'],
      ['customers/redact', 'wh-redact'],
    ] as const) {
      expect((await sendShopifyWebhook(app, { topic, body: customer, secret: app.fake.apiSecret, id })).statusCode).toBe(200);
      const row = await processed(id);
      expect(JSON.stringify(row.payload)).not.toContain('buyer@example.com');
      const [logged] = await webhookLog(id);
      expect(logged!.details).toMatchObject({ topic, shopDomain: SHOP });
      expect(logged!.message).toMatch(/no Shopify customer data/);
    }
  });

  it('app/uninstalled removes only the OAuth connections of the shop; shop/redact removes every connection and product', async () => {
    // The token connection stays on app/uninstalled: it was made with the seller's own custom app.
    expect(
      (
        await sendShopifyWebhook(app, {
          topic: 'app/uninstalled',
          body: { id: 1, domain: SHOP },
          secret: app.fake.apiSecret,
          id: 'wh-uninstalled',
        })
      ).statusCode,
    ).toBe(200);
    await processed('wh-uninstalled');
    expect(await db().select().from(storeConnections).where(eq(storeConnections.workspaceId, owner.workspace))).toHaveLength(1);

    await db().update(storeConnections).set({ method: 'oauth' }).where(eq(storeConnections.workspaceId, owner.workspace));
    expect(
      (
        await sendShopifyWebhook(app, {
          topic: 'app/uninstalled',
          body: { id: 1, domain: SHOP },
          secret: app.fake.apiSecret,
          id: 'wh-uninstalled-2',
        })
      ).statusCode,
    ).toBe(200);
    await processed('wh-uninstalled-2');
    expect(await db().select().from(storeConnections).where(eq(storeConnections.workspaceId, owner.workspace))).toHaveLength(0);

    const again = await storeRequest(app.ctx, owner, {
      method: 'POST',
      url: storePath(owner.workspace, '/shopify/token'),
      payload: { shopDomain: SHOP, accessToken: SHOP_TOKEN },
    });
    expect(again.statusCode).toBe(201);
    await importFinished(app.ctx, owner.workspace);
    expect(
      (
        await sendShopifyWebhook(app, {
          topic: 'shop/redact',
          body: { shop_id: 1, shop_domain: SHOP },
          secret: app.fake.apiSecret,
          id: 'wh-shop-redact',
        })
      ).statusCode,
    ).toBe(200);
    await processed('wh-shop-redact');
    expect(await db().select().from(storeConnections).where(eq(storeConnections.shopDomain, SHOP))).toHaveLength(0);
    expect(await db().select().from(storeProducts).where(eq(storeProducts.workspaceId, owner.workspace))).toHaveLength(0);
  });
});

describe('A custom app’s webhooks (no Klipt app configured)', () => {
  it('subscribes when the API secret key is given, accepts webhooks signed with it only, and acts on its own connection only', async () => {
    const plain = await startStoreTestApp();
    try {
      const member = await storeMember(plain.ctx, 'custom@example.com');
      plain.fake.addShop(SHOP, { token: SHOP_TOKEN });
      const [item] = await plain.fake.seedProducts(SHOP, 1);
      const res = await storeRequest(plain.ctx, member, {
        method: 'POST',
        url: storePath(member.workspace, '/shopify/token'),
        payload: { shopDomain: SHOP, accessToken: SHOP_TOKEN, apiSecretKey: 'custom-app-secret-1' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json<StoreConnection>().liveUpdates).toBe(true);
      expect(res.body).not.toContain('custom-app-secret-1');
      expect(plain.fake.shop(SHOP).webhooks.length).toBeGreaterThanOrEqual(3);
      const [connection] = await plain.ctx.database.db
        .select()
        .from(storeConnections)
        .where(eq(storeConnections.workspaceId, member.workspace));
      expect(JSON.stringify(connection)).not.toContain('custom-app-secret-1');
      await importFinished(plain.ctx, member.workspace);

      const body = { id: numericId(item!.id) };
      expect((await sendShopifyWebhook(plain, { topic: 'products/delete', body, secret: 'another-secret', id: 'c-1' })).statusCode).toBe(
        401,
      );
      // Another workspace works on the same shop through its own token: the first custom app's
      // webhooks act on the first workspace's connection only.
      const other = await storeMember(plain.ctx, 'custom-other@example.com');
      const second = await storeRequest(plain.ctx, other, {
        method: 'POST',
        url: storePath(other.workspace, '/shopify/token'),
        payload: { shopDomain: SHOP, accessToken: SHOP_TOKEN },
      });
      expect(second.statusCode).toBe(201);
      await importFinished(plain.ctx, other.workspace);
      const plainDb = plain.ctx.database.db;
      const deletedIn = async (workspace: string) =>
        (
          await plainDb
            .select()
            .from(storeProducts)
            .where(and(eq(storeProducts.workspaceId, workspace), eq(storeProducts.externalId, item!.id)))
        )[0]?.deletedAt ?? null;
      const processedHere = (id: string) =>
        waitFor(
          async () => {
            const [row] = await plainDb.select().from(shopifyWebhookEvents).where(eq(shopifyWebhookEvents.webhookId, id));
            return row?.processedAt ? row : undefined;
          },
          { message: `webhook ${id} to be processed` },
        );
      expect(
        (await sendShopifyWebhook(plain, { topic: 'products/delete', body, secret: 'custom-app-secret-1', id: 'c-2' })).statusCode,
      ).toBe(200);
      expect((await processedHere('c-2')).signedBy).toEqual([connection!.id]);
      expect(await deletedIn(member.workspace)).not.toBeNull();
      expect(await deletedIn(other.workspace)).toBeNull();

      expect(
        (await sendShopifyWebhook(plain, { topic: 'shop/redact', body: { shop_domain: SHOP }, secret: 'custom-app-secret-1', id: 'c-3' }))
          .statusCode,
      ).toBe(200);
      await processedHere('c-3');
      const left = await plainDb.select().from(storeConnections).where(eq(storeConnections.shopDomain, SHOP));
      expect(left.map((c) => c.workspaceId)).toEqual([other.workspace]);
    } finally {
      await plain.close();
    }
  });
});
