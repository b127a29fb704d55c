import { and, eq, inArray } from 'drizzle-orm';
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
import { waitFor } from '#test-support/wait-for.ts';
import { addMember, createTeam, givePlan } from '#test-support/workspaces.ts';
import { storeMessages, type StoreConnection, type StoreProductPage, type StoreStatus } from '#contracts/stores.ts';
import { activityLog, storeConnections, storeProductImages, storeProducts, uploads } from '../../db/schema/index.ts';

// postgres-pass: driver

let app: StoreTestApp;
let owner: StoreMember;

beforeAll(async () => {
  app = await startStoreTestApp();
  owner = await storeMember(app.ctx, 'seller@example.com');
  app.fake.addShop(SHOP, { name: 'Fancy Mugs', token: SHOP_TOKEN });
  await app.fake.seedProducts(SHOP, 30, { imagesPerProduct: 2 });
});
afterAll(async () => {
  await app?.close();
});

const connectToken = (member: StoreMember, payload: object = { shopDomain: SHOP, accessToken: SHOP_TOKEN }) =>
  storeRequest(app.ctx, member, { method: 'POST', url: storePath(member.workspace, '/shopify/token'), payload });
const db = () => app.ctx.database.db;

describe('Store routes: who may call', () => {
  it('refuses visitors (401), non-members (404) and plans without store connections (403 PLAN_REQUIRED)', async () => {
    const visitor = await storeRequest(app.ctx, null, { url: storePath(owner.workspace) });
    expect(visitor.statusCode).toBe(401);

    const stranger = await storeMember(app.ctx, 'stranger@example.com');
    const notMember = await storeRequest(app.ctx, stranger, { url: storePath(owner.workspace) });
    expect(notMember.statusCode).toBe(404);

    const starter = await storeMember(app.ctx, 'starter@example.com', 'starter');
    const onStarter = await storeRequest(app.ctx, starter, { url: storePath(starter.workspace) });
    expect(onStarter.statusCode).toBe(403);
    expect(onStarter.json().error).toMatchObject({ code: 'PLAN_REQUIRED', plan: 'growth' });
    const connectOnStarter = await connectToken(starter);
    expect(connectOnStarter.statusCode).toBe(403);
    expect(await db().select().from(storeConnections).where(eq(storeConnections.workspaceId, starter.workspace))).toHaveLength(0);
  });

  it('lets any member read the status and the products, and only owners and admins connect', async () => {
    const teamOwner = await storeMember(app.ctx, 'team-owner@example.com', null);
    const team = await createTeam(db(), teamOwner.id, 'Mug team');
    await givePlan(db(), team, teamOwner.id, 'growth');
    const member = await storeMember(app.ctx, 'team-member@example.com', null);
    await addMember(db(), team, member.id, 'member');
    const admin = await storeMember(app.ctx, 'team-admin@example.com', null);
    await addMember(db(), team, admin.id, 'admin');

    const status = await storeRequest(app.ctx, member, { url: storePath(team) });
    expect(status.statusCode).toBe(200);
    expect(status.json<StoreStatus>()).toEqual({ connection: null, oauthAvailable: false, demoAvailable: true, canManage: false });
    expect((await storeRequest(app.ctx, member, { url: storePath(team, '/products') })).statusCode).toBe(200);

    const refused = await connectToken({ ...member, workspace: team });
    expect(refused.statusCode).toBe(403);
    expect((await storeRequest(app.ctx, member, { method: 'POST', url: storePath(team, '/demo') })).statusCode).toBe(403);
    expect((await storeRequest(app.ctx, member, { method: 'POST', url: storePath(team, '/sync') })).statusCode).toBe(403);
    expect((await storeRequest(app.ctx, member, { method: 'DELETE', url: storePath(team) })).statusCode).toBe(403);

    expect((await storeRequest(app.ctx, admin, { url: storePath(team) })).json<StoreStatus>().canManage).toBe(true);
    const byAdmin = await connectToken({ ...admin, workspace: team });
    expect(byAdmin.statusCode).toBe(201);
    await importFinished(app.ctx, team);
    expect((await storeRequest(app.ctx, admin, { method: 'DELETE', url: storePath(team) })).statusCode).toBe(204);
  });
});

describe('Connecting with a custom-app token', () => {
  it('refuses a token Shopify refuses (400) and saves nothing', async () => {
    const res = await connectToken(owner, { shopDomain: SHOP, accessToken: 'shpat_wrongtoken' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(storeMessages.tokenRejected);
    expect(await db().select().from(storeConnections).where(eq(storeConnections.workspaceId, owner.workspace))).toHaveLength(0);
  });

  it('refuses a malformed token or shop domain before calling Shopify', async () => {
    const calls = app.fake.graphqlCalls.length;
    expect((await connectToken(owner, { shopDomain: 'example.com', accessToken: SHOP_TOKEN })).statusCode).toBe(400);
    expect((await connectToken(owner, { shopDomain: SHOP, accessToken: 'not a token' })).statusCode).toBe(400);
    expect(app.fake.graphqlCalls.length).toBe(calls);
  });

  it('saves a working token encrypted, never shows it, and imports the catalogue into product photos', async () => {
    const res = await connectToken(owner, { shopDomain: `https://${SHOP.toUpperCase()}/admin`, accessToken: SHOP_TOKEN });
    expect(res.statusCode).toBe(201);
    const connection = res.json<StoreConnection>();
    expect(connection).toMatchObject({
      platform: 'shopify',
      method: 'token',
      shopDomain: SHOP,
      shopName: 'Fancy Mugs',
      liveUpdates: false,
    });
    expect(res.body).not.toContain(SHOP_TOKEN.slice(6));
    // No API secret key given: Klipt could not verify the custom app's webhooks, so none are subscribed.
    expect(app.fake.shop(SHOP).webhooks).toHaveLength(0);

    const [row] = await db().select().from(storeConnections).where(eq(storeConnections.workspaceId, owner.workspace));
    expect(row!.accessTokenEncrypted).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(SHOP_TOKEN.slice(6));
    expect(JSON.stringify(row)).not.toContain(Buffer.from(SHOP_TOKEN).toString('base64').slice(0, 12));

    const done = await importFinished(app.ctx, owner.workspace);
    expect(done).toMatchObject({ syncStatus: 'idle', syncError: null, syncCursor: null });
    expect(done.syncWatermark).not.toBeNull();

    const status = await storeRequest(app.ctx, owner, { url: storePath(owner.workspace) });
    expect(status.body).not.toContain(SHOP_TOKEN.slice(6));
    expect(status.json<StoreStatus>().connection!.sync).toMatchObject({ status: 'idle', productCount: 30, imageCount: 60 });

    const products = await db().select().from(storeProducts).where(eq(storeProducts.workspaceId, owner.workspace));
    expect(products).toHaveLength(30);
    const images = await db()
      .select()
      .from(storeProductImages)
      .where(
        inArray(
          storeProductImages.productId,
          products.map((p) => p.id),
        ),
      );
    expect(images).toHaveLength(60);
    expect(images.every((i) => i.uploadId && !i.copyError)).toBe(true);
    const copies = await db()
      .select()
      .from(uploads)
      .where(
        inArray(
          uploads.id,
          images.map((i) => i.uploadId!),
        ),
      );
    expect(copies).toHaveLength(60);
    expect(copies.every((u) => u.workspaceId === owner.workspace && u.userId === owner.id && u.mimeType === 'image/png')).toBe(true);

    const [logged] = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.type, 'store_connected'), eq(activityLog.actorId, owner.id)));
    expect(logged).toBeDefined();
  });

  it('refuses a second store (409)', async () => {
    const res = await connectToken(owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(storeMessages.alreadyConnected);
  });
});

describe('The product picker', () => {
  it('pages live products by title with a cursor, with thumbnails of their product photos', async () => {
    const first = await storeRequest(app.ctx, owner, { url: storePath(owner.workspace, '/products') });
    expect(first.statusCode).toBe(200);
    const page1 = first.json<StoreProductPage>();
    expect(page1.products).toHaveLength(24);
    expect(page1.nextCursor).not.toBeNull();
    const titles = page1.products.map((p) => p.title);
    expect(titles).toEqual([...titles].sort());
    expect(page1.products[0]!.images).toHaveLength(2);
    expect(page1.products[0]!.images[0]!.thumbnailUrl).toEqual(expect.any(String));
    expect(page1.products[0]!.images[0]!.uploadId).toEqual(expect.any(String));
    expect(first.body).not.toContain(SHOP_TOKEN.slice(6));

    const second = await storeRequest(app.ctx, owner, {
      url: storePath(owner.workspace, `/products?cursor=${encodeURIComponent(page1.nextCursor!)}`),
    });
    const page2 = second.json<StoreProductPage>();
    expect(page2.products).toHaveLength(6);
    expect(page2.nextCursor).toBeNull();
    expect(new Set([...titles, ...page2.products.map((p) => p.title)]).size).toBe(30);
  });

  it('searches title, vendor, type and tags, case-insensitively', async () => {
    const byTitle = await storeRequest(app.ctx, owner, { url: storePath(owner.workspace, '/products?q=PRODUCT%2012') });
    expect(byTitle.json<StoreProductPage>().products.map((p) => p.title)).toEqual(['Product 12']);
    const byTag = await storeRequest(app.ctx, owner, { url: storePath(owner.workspace, '/products?q=n7') });
    expect(byTag.json<StoreProductPage>().products.map((p) => p.title)).toEqual(['Product 7']);
    const byVendor = await storeRequest(app.ctx, owner, { url: storePath(owner.workspace, '/products?q=fake%20vendor') });
    expect(byVendor.json<StoreProductPage>().products.length).toBe(24);
    const none = await storeRequest(app.ctx, owner, { url: storePath(owner.workspace, '/products?q=%25') });
    expect(none.json<StoreProductPage>().products).toHaveLength(0);
  });

  it('refuses a forged cursor (400)', async () => {
    const res = await storeRequest(app.ctx, owner, { url: storePath(owner.workspace, '/products?cursor=bm9wZQ') });
    expect(res.statusCode).toBe(400);
  });
});

describe('Re-syncing', () => {
  it('asks only for products changed since the last import, keeps the rest, and copies new images only', async () => {
    const shop = app.fake.shop(SHOP);
    const [before] = await db().select().from(storeConnections).where(eq(storeConnections.workspaceId, owner.workspace));
    const uploadsBefore = (await db().select().from(uploads).where(eq(uploads.workspaceId, owner.workspace))).length;
    // One product renamed and one of its images taken off in the store; one new product.
    const changed = shop.products[4]!;
    changed.title = 'Product 5 (renamed)';
    const removed = changed.media.pop()!;
    changed.updatedAt = new Date(Date.parse(before!.syncWatermark!.toISOString()) + 60_000).toISOString();
    await app.fake.seedProducts(SHOP, 1, {
      imagesPerProduct: 1,
      updatedFrom: new Date(Date.parse(changed.updatedAt) + 1000).toISOString(),
    });

    const callsBefore = app.fake.graphqlCalls.length;
    const res = await storeRequest(app.ctx, owner, { method: 'POST', url: storePath(owner.workspace, '/sync') });
    expect(res.statusCode).toBe(202);
    expect(res.json<StoreConnection>().sync.status).toBe('running');
    await importFinished(app.ctx, owner.workspace);

    const listCalls = app.fake.graphqlCalls.slice(callsBefore).filter((c) => c.root === 'products');
    expect(listCalls.length).toBeGreaterThan(0);
    expect(listCalls[0]!.variables.query).toBe(`updated_at:>='${before!.syncWatermark!.toISOString()}'`);

    const products = await db().select().from(storeProducts).where(eq(storeProducts.workspaceId, owner.workspace));
    expect(products).toHaveLength(31);
    const renamed = products.find((p) => p.externalId === changed.id)!;
    expect(renamed.title).toBe('Product 5 (renamed)');
    const images = await db().select().from(storeProductImages).where(eq(storeProductImages.productId, renamed.id));
    expect(images.map((i) => i.externalId)).toEqual([changed.media[0]!.id]);
    expect(images.map((i) => i.externalId)).not.toContain(removed.id);
    // The new product's one image is copied; the removed image's product photo stays.
    expect((await db().select().from(uploads).where(eq(uploads.workspaceId, owner.workspace))).length).toBe(uploadsBefore + 1);
  });

  it('refuses a sync while one is running (409)', async () => {
    await db().update(storeConnections).set({ syncStatus: 'running' }).where(eq(storeConnections.workspaceId, owner.workspace));
    const res = await storeRequest(app.ctx, owner, { method: 'POST', url: storePath(owner.workspace, '/sync') });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(storeMessages.syncRunning);
    await db().update(storeConnections).set({ syncStatus: 'idle' }).where(eq(storeConnections.workspaceId, owner.workspace));
  });

  it('records why an image could not become a product photo and goes on', async () => {
    const shop = app.fake.shop(SHOP);
    shop.files.set('broken.png', { data: Buffer.from('this is not an image at all'), contentType: 'image/png' });
    const [last] = await app.fake.seedProducts(SHOP, 1, { imagesPerProduct: 1, updatedFrom: '2027-01-01T00:00:00Z' });
    last!.media.push({
      id: 'gid://shopify/MediaImage/999001',
      alt: 'broken',
      fileName: 'broken.png',
      url: `${app.fake.url}/cdn/${SHOP}/files/broken.png`,
      width: 10,
      height: 10,
    });
    await storeRequest(app.ctx, owner, { method: 'POST', url: storePath(owner.workspace, '/sync') });
    const done = await importFinished(app.ctx, owner.workspace);
    expect(done.syncStatus).toBe('idle');
    const [product] = await db()
      .select()
      .from(storeProducts)
      .where(and(eq(storeProducts.workspaceId, owner.workspace), eq(storeProducts.externalId, last!.id)));
    const images = await db().select().from(storeProductImages).where(eq(storeProductImages.productId, product!.id));
    const broken = images.find((i) => i.externalId === 'gid://shopify/MediaImage/999001')!;
    expect(broken.uploadId).toBeNull();
    expect(broken.copyError).toMatch(/image/i);
    expect(images.find((i) => i.externalId !== broken.externalId)!.uploadId).not.toBeNull();
  });

  it('marks the import failed with a readable reason when the store refuses the token', async () => {
    const shop = app.fake.shop(SHOP);
    shop.tokens.delete(SHOP_TOKEN);
    await storeRequest(app.ctx, owner, { method: 'POST', url: storePath(owner.workspace, '/sync') });
    const done = await importFinished(app.ctx, owner.workspace);
    expect(done.syncStatus).toBe('failed');
    expect(done.syncError).toMatch(/connect it again/);
    shop.tokens.add(SHOP_TOKEN);
  });
});

describe('Disconnecting', () => {
  it('deletes the connection and its products, keeps the product photos, and logs it', async () => {
    const photos = (await db().select().from(uploads).where(eq(uploads.workspaceId, owner.workspace))).length;
    const res = await storeRequest(app.ctx, owner, { method: 'DELETE', url: storePath(owner.workspace) });
    expect(res.statusCode).toBe(204);
    expect(await db().select().from(storeConnections).where(eq(storeConnections.workspaceId, owner.workspace))).toHaveLength(0);
    expect(await db().select().from(storeProducts).where(eq(storeProducts.workspaceId, owner.workspace))).toHaveLength(0);
    expect((await db().select().from(uploads).where(eq(uploads.workspaceId, owner.workspace))).length).toBe(photos);
    await waitFor(
      async () =>
        (
          await db()
            .select()
            .from(activityLog)
            .where(and(eq(activityLog.type, 'store_disconnected'), eq(activityLog.actorId, owner.id)))
        ).length > 0,
    );
    expect((await storeRequest(app.ctx, owner, { method: 'DELETE', url: storePath(owner.workspace) })).statusCode).toBe(404);
  });
});
