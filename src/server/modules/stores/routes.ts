import type { FastifyRequest } from 'fastify';
import {
  connectDemoStore,
  connectShopifyToken,
  disconnectStore,
  getDemoStorefrontProduct,
  getStoreStatus,
  listStoreProducts,
  receiveShopifyWebhook,
  resetDemoStore,
  startShopifyOAuth,
  storeMessages,
  syncStore,
} from '#contracts/stores.ts';
import type { Router, SessionReader } from '../../http/router.ts';
import { AppError } from '../../lib/app-error.ts';
import { STORE_PAGE } from './oauth-flow.ts';
import type { StoreService } from './service.ts';
import type { StoreWebhooks } from './webhooks.ts';

/** Shopify's webhooks are small JSON documents; a body past this is not one of them. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

const header = (req: FastifyRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** Store sync; the router already answered 404 to non-members and 403 PLAN_REQUIRED without 'Store connections'. */
export function registerStoreRoutes(
  router: Router,
  deps: { stores: StoreService; storeWebhooks: StoreWebhooks; sessions: SessionReader },
): void {
  const { stores, storeWebhooks, sessions } = deps;

  router.add(getStoreStatus, { handler: ({ user, params }) => stores.status(user, params.workspaceId) });
  router.add(startShopifyOAuth, {
    handler: async ({ req, reply, user, params, body }) => {
      const session = await sessions.load(req, reply);
      if (!session) throw new AppError('UNAUTHENTICATED', storeMessages.oauthFailed);
      return stores.startOAuth(user, params.workspaceId, body.shopDomain, session.sessionId);
    },
  });
  router.add(connectShopifyToken, { handler: ({ user, params, body }) => stores.connectToken(user, params.workspaceId, body) });
  router.add(connectDemoStore, { handler: ({ user, params }) => stores.connectDemo(user, params.workspaceId) });
  router.add(resetDemoStore, { handler: ({ user, params }) => stores.resetDemo(user, params.workspaceId) });
  router.add(disconnectStore, {
    handler: async ({ user, params }) => {
      await stores.disconnect(user, params.workspaceId);
      return undefined;
    },
  });
  router.add(syncStore, { handler: ({ user, params }) => stores.sync(user, params.workspaceId) });
  router.add(listStoreProducts, { handler: ({ params, query }) => stores.listProducts(params.workspaceId, query) });
  router.add(getDemoStorefrontProduct, { handler: ({ params }) => stores.demoStorefrontProduct(params.workspaceId, params.handle) });

  router.add(receiveShopifyWebhook, {
    bodyLimit: WEBHOOK_BODY_LIMIT,
    handler: async ({ req, rawBody }) => {
      await storeWebhooks.receive(rawBody, {
        topic: header(req, 'x-shopify-topic'),
        hmac: header(req, 'x-shopify-hmac-sha256'),
        shopDomain: header(req, 'x-shopify-shop-domain'),
        webhookId: header(req, 'x-shopify-webhook-id'),
      });
      return { received: true as const };
    },
  });

  // Shopify sends the browser back here after the seller approved the install: whatever happens,
  // the answer is a redirect to the store page (with `connected=1` or `error=<code>`), never an error page.
  router.server.route<{ Querystring: Record<string, unknown> }>({
    method: 'GET',
    url: '/api/stores/shopify/callback',
    schema: { hide: true },
    handler: async (req, reply) => {
      const session = await sessions.load(req, reply).catch(() => null);
      if (!session) return reply.redirect(`${STORE_PAGE}?error=not_signed_in`);
      const query: Record<string, string> = {};
      for (const [key, value] of Object.entries(req.query ?? {})) if (typeof value === 'string') query[key] = value;
      return reply.redirect(await stores.finishOAuth(session.user, session.sessionId, query));
    },
  });
}
