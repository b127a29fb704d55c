import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { storeConnections } from '#server/db/schema/index.ts';
import { personalWorkspaceId } from '#server/modules/workspaces/personal-repo.ts';
import { startShopifyFake, type ShopifyFake } from '#test-fakes/shopify-fake.ts';
import { verifiedUser, userIdOf } from './session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext, type TestContextOptions } from './test-app.ts';
import { waitFor } from './wait-for.ts';
import { givePlan } from './workspaces.ts';

// Fixtures for the store-sync tests: a Shopify fake, a server pointed at it, and members on Growth.

export const SHOP = 'fancy-mugs.myshopify.com';
export const SHOP_TOKEN = 'shpat_goodtoken1234567890abcdef';

export interface StoreMember {
  cookie: string;
  id: string;
  workspace: string;
}

export interface StoreTestApp {
  ctx: TestContext;
  fake: ShopifyFake;
  close(): Promise<void>;
}

/** A Shopify fake and a server using it; `app`: configured as Klipt's Shopify app (OAuth) with the fake's key and secret. */
export async function startStoreTestApp(options: { app?: boolean } & Pick<TestContextOptions, 'workers'> = {}): Promise<StoreTestApp> {
  const fake = await startShopifyFake();
  const ctx = await createTestContext({
    ...(options.workers === undefined ? {} : { workers: options.workers }),
    env: {
      SHOPIFY_SHOP_URL: fake.shopUrlTemplate,
      ...(options.app ? { SHOPIFY_API_KEY: fake.apiKey, SHOPIFY_API_SECRET: fake.apiSecret } : {}),
    },
  });
  return {
    ctx,
    fake,
    close: async () => {
      await ctx.close();
      await fake.close();
    },
  };
}

/** A verified user whose personal workspace is on `plan` (Growth includes store connections). */
export async function storeMember(ctx: TestContext, email: string, plan: 'starter' | 'growth' | null = 'growth'): Promise<StoreMember> {
  const cookie = await verifiedUser(ctx, email);
  const id = await userIdOf(ctx, email);
  const workspace = await personalWorkspaceId(ctx.database.db, id);
  if (plan) await givePlan(ctx.database.db, workspace, id, plan);
  return { cookie, id, workspace };
}

export function storeRequest(
  ctx: TestContext,
  member: { cookie: string } | null,
  options: { method?: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object },
): Promise<LightMyRequestResponse> {
  return ctx.app.server.inject({
    method: options.method ?? 'GET',
    url: options.url,
    headers: { ...SAME_ORIGIN, ...(member ? { cookie: member.cookie } : {}) },
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

export const storePath = (workspace: string, rest = '') => `/api/workspaces/${workspace}/store${rest}`;

/** Waits until the workspace's import is no longer running; the connection row then. */
export async function importFinished(ctx: TestContext, workspace: string, timeoutMs = 20_000) {
  return waitFor(
    async () => {
      const [row] = await ctx.database.db.select().from(storeConnections).where(eq(storeConnections.workspaceId, workspace));
      return row && row.syncStatus !== 'running' ? row : undefined;
    },
    { timeoutMs, message: 'the catalogue import to finish' },
  );
}

/** Sends a Shopify webhook as Shopify would: the raw body signed with `secret` (null: no signature header). */
export function sendShopifyWebhook(
  app: StoreTestApp,
  input: { topic: string; shop?: string; body: object; secret: string | null; id?: string; hmac?: string },
): Promise<LightMyRequestResponse> {
  const raw = JSON.stringify(input.body);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-shopify-topic': input.topic,
    'x-shopify-shop-domain': input.shop ?? SHOP,
    'x-shopify-webhook-id': input.id ?? `wh-${Math.random().toString(36).slice(2)}`,
    'x-shopify-api-version': '2026-10',
  };
  const hmac = input.hmac ?? (input.secret === null ? undefined : app.fake.signWebhook(raw, input.secret));
  if (hmac !== undefined) headers['x-shopify-hmac-sha256'] = hmac;
  return app.ctx.app.server.inject({ method: 'POST', url: '/api/webhooks/shopify', headers, payload: raw });
}
