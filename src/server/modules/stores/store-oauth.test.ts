import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '#test-support/session.ts';
import {
  importFinished,
  SHOP,
  startStoreTestApp,
  storeMember,
  storePath,
  storeRequest,
  type StoreMember,
  type StoreTestApp,
} from '#test-support/stores.ts';
import { waitFor } from '#test-support/wait-for.ts';
import { storeMessages, type StoreStatus } from '#contracts/stores.ts';
import { activityLog, sessions, shopifyOAuthStates, storeConnections } from '../../db/schema/index.ts';
import { signCallbackQuery } from '../../providers/stores/shopify/oauth.ts';

// postgres-pass: same

let app: StoreTestApp;
let owner: StoreMember;

beforeAll(async () => {
  app = await startStoreTestApp({ app: true });
  owner = await storeMember(app.ctx, 'installer@example.com');
  app.fake.addShop(SHOP, { name: 'Fancy Mugs' });
  await app.fake.seedProducts(SHOP, 3);
});
afterAll(async () => {
  await app?.close();
});
const db = () => app.ctx.database.db;

beforeEach(async () => {
  await db().delete(storeConnections).where(eq(storeConnections.workspaceId, owner.workspace));
});

async function start(member: StoreMember = owner, shopDomain = SHOP): Promise<URL> {
  const res = await storeRequest(app.ctx, member, {
    method: 'POST',
    url: storePath(member.workspace, '/shopify/oauth'),
    payload: { shopDomain },
  });
  expect(res.statusCode).toBe(200);
  return new URL(res.json<{ authorizeUrl: string }>().authorizeUrl);
}

/** What Shopify sends the browser back with after the seller approved: signed with the app's secret. */
function callbackQuery(state: string, overrides: Record<string, string> = {}, secret = app.fake.apiSecret): string {
  const query: Record<string, string> = {
    code: app.fake.issueCode(SHOP),
    host: Buffer.from(`admin.shopify.com/store/${SHOP.split('.')[0]}`).toString('base64url'),
    shop: SHOP,
    state,
    timestamp: String(Math.floor(Date.now() / 1000)),
    ...overrides,
  };
  const hmac = signCallbackQuery(query, secret);
  return new URLSearchParams({ ...query, hmac }).toString();
}

const callback = (query: string, cookie = owner.cookie) =>
  app.ctx.app.server.inject({ method: 'GET', url: `/api/stores/shopify/callback?${query}`, headers: { cookie } });

const connectionRows = () => db().select().from(storeConnections).where(eq(storeConnections.workspaceId, owner.workspace));

describe('Installing the Klipt Shopify app (OAuth)', () => {
  it('answers with Shopify’s authorize address and a state bound to this session, workspace and shop', async () => {
    const url = await start();
    expect(url.origin + url.pathname).toBe(`${app.fake.url}/${SHOP}/admin/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe(app.fake.apiKey);
    expect(url.searchParams.get('scope')).toBe('read_products,write_products,write_files');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/stores/shopify/callback');
    const nonce = url.searchParams.get('state')!;
    const [state] = await db().select().from(shopifyOAuthStates).where(eq(shopifyOAuthStates.nonce, nonce));
    const [session] = await db().select().from(sessions).where(eq(sessions.userId, owner.id));
    expect(state).toMatchObject({ workspaceId: owner.workspace, userId: owner.id, shopDomain: SHOP });
    expect(state!.sessionHash).toBe(createHash('sha256').update(session!.token).digest('hex'));
    expect(state!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
  });

  it('offers OAuth and not the demo store when the app is configured', async () => {
    const status = (await storeRequest(app.ctx, owner, { url: storePath(owner.workspace) })).json<StoreStatus>();
    expect(status).toMatchObject({ oauthAvailable: true, demoAvailable: false, canManage: true });
    const demo = await storeRequest(app.ctx, owner, { method: 'POST', url: storePath(owner.workspace, '/demo') });
    expect(demo.statusCode).toBe(409);
    expect(demo.json().error.message).toBe(storeMessages.demoUnavailable);
  });

  it('refuses a shop domain that is not a myshopify.com one (400)', async () => {
    const res = await storeRequest(app.ctx, owner, {
      method: 'POST',
      url: storePath(owner.workspace, '/shopify/oauth'),
      payload: { shopDomain: 'evil.example.com' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('connects on a valid callback: token sealed, webhooks subscribed, first import queued, logged', async () => {
    const state = (await start()).searchParams.get('state')!;
    const res = await callback(callbackQuery(state));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/store?connected=1');
    const [row] = await connectionRows();
    expect(row).toMatchObject({ platform: 'shopify', method: 'oauth', shopDomain: SHOP, shopName: 'Fancy Mugs', liveUpdates: true });
    const token = [...app.fake.shop(SHOP).tokens].at(-1)!;
    expect(JSON.stringify(row)).not.toContain(token.slice(6));
    const topics = app.fake.shop(SHOP).webhooks.map((w) => w.topic);
    expect(topics).toEqual(expect.arrayContaining(['PRODUCTS_UPDATE', 'PRODUCTS_DELETE', 'APP_UNINSTALLED']));
    expect(app.fake.shop(SHOP).webhooks.every((w) => w.uri === 'http://localhost:3000/api/webhooks/shopify')).toBe(true);
    const done = await importFinished(app.ctx, owner.workspace);
    expect(done.syncStatus).toBe('idle');
    const status = await storeRequest(app.ctx, owner, { url: storePath(owner.workspace) });
    expect(status.json<StoreStatus>().connection!.sync.productCount).toBe(3);
    expect(status.body).not.toContain(token.slice(6));
    expect(
      await db()
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.type, 'store_connected'), eq(activityLog.actorId, owner.id))),
    ).not.toHaveLength(0);

    // The same callback again: its state was taken once.
    await db().delete(storeConnections).where(eq(storeConnections.workspaceId, owner.workspace));
    const again = await callback(callbackQuery(state));
    expect(again.headers.location).toBe('/store?error=oauth_failed');
    expect(await connectionRows()).toHaveLength(0);
  });

  it('refuses a tampered HMAC, a wrong state, another session, another shop and an expired state: error redirect, nothing saved', async () => {
    const tampered = (await start()).searchParams.get('state')!;
    const query = new URLSearchParams(callbackQuery(tampered));
    query.set('code', app.fake.issueCode(SHOP));
    expect((await callback(query.toString())).headers.location).toBe('/store?error=oauth_failed');
    const otherSecret = await callback(callbackQuery(tampered, {}, 'not-the-app-secret'));
    expect(otherSecret.headers.location).toBe('/store?error=oauth_failed');

    expect((await callback(callbackQuery('made-up-state'))).headers.location).toBe('/store?error=oauth_failed');

    const mine = (await start()).searchParams.get('state')!;
    const otherBrowser = (await signIn(app.ctx, 'installer@example.com', 'correct horse battery')).cookie;
    expect((await callback(callbackQuery(mine), otherBrowser)).headers.location).toBe('/store?error=oauth_failed');

    const forShop = (await start()).searchParams.get('state')!;
    app.fake.addShop('other-shop.myshopify.com');
    const otherShop = await callback(
      callbackQuery(forShop, { shop: 'other-shop.myshopify.com', code: app.fake.issueCode('other-shop.myshopify.com') }),
    );
    expect(otherShop.headers.location).toBe('/store?error=oauth_failed');

    const late = (await start()).searchParams.get('state')!;
    await db()
      .update(shopifyOAuthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shopifyOAuthStates.nonce, late));
    const expired = await callback(callbackQuery(late));
    expect(expired.statusCode).toBe(302);
    expect(expired.headers.location).toBe('/store?error=oauth_expired');

    const stale = (await start()).searchParams.get('state')!;
    const old = await callback(callbackQuery(stale, { timestamp: String(Math.floor(Date.now() / 1000) - 3600) }));
    expect(old.headers.location).toBe('/store?error=oauth_expired');

    expect(await connectionRows()).toHaveLength(0);
  });

  it('sends a visitor without a session back to the store page, never an error page', async () => {
    const state = (await start()).searchParams.get('state')!;
    const res = await callback(callbackQuery(state), '');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/store?error=not_signed_in');
    expect(await connectionRows()).toHaveLength(0);
  });

  it('uninstalls an install that finds the workspace connected meanwhile', async () => {
    const state = (await start()).searchParams.get('state')!;
    const otherStore = {
      workspaceId: owner.workspace,
      platform: 'shopify' as const,
      method: 'token' as const,
      shopDomain: 'x.myshopify.com',
      shopName: 'X',
    };
    await db().insert(storeConnections).values(otherStore);
    app.fake.shop(SHOP).uninstalled = false;
    const res = await callback(callbackQuery(state));
    expect(res.headers.location).toBe('/store?error=already_connected');
    expect(app.fake.shop(SHOP).uninstalled).toBe(true);
    expect((await connectionRows())[0]!.shopDomain).toBe('x.myshopify.com');
  });

  it('refuses a second install into a connected workspace (409) and uninstalls on disconnect', async () => {
    const state = (await start()).searchParams.get('state')!;
    expect((await callback(callbackQuery(state))).headers.location).toBe('/store?connected=1');
    await importFinished(app.ctx, owner.workspace);
    const again = await storeRequest(app.ctx, owner, {
      method: 'POST',
      url: storePath(owner.workspace, '/shopify/oauth'),
      payload: { shopDomain: SHOP },
    });
    expect(again.statusCode).toBe(409);

    const res = await storeRequest(app.ctx, owner, { method: 'DELETE', url: storePath(owner.workspace) });
    expect(res.statusCode).toBe(204);
    expect(app.fake.shop(SHOP).uninstalled).toBe(true);
    expect(await connectionRows()).toHaveLength(0);
    await waitFor(async () => (await db().select().from(activityLog).where(eq(activityLog.type, 'store_disconnected'))).length > 0);
  });

  it('answers 503 for OAuth where no app is configured', async () => {
    const plain = await startStoreTestApp({ workers: false });
    try {
      const member = await storeMember(plain.ctx, 'plain@example.com');
      const res = await storeRequest(plain.ctx, member, {
        method: 'POST',
        url: storePath(member.workspace, '/shopify/oauth'),
        payload: { shopDomain: SHOP },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe(storeMessages.oauthNotConfigured);
    } finally {
      await plain.close();
    }
  });
});
