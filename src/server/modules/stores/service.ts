import { DEMO_STORE_DOMAIN, DEMO_STORE_NAME, STORE_PRODUCTS_PAGE_SIZE, storeMessages } from '#contracts/stores.ts';
import type {
  ConnectShopifyTokenRequest,
  DemoStorefrontProduct,
  StoreConnection,
  StoreProductPage,
  StoreStatus,
} from '#contracts/stores.ts';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { SignedInUser } from '../../http/caller.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/app-error.ts';
import { cutPage, decodeCursor } from '../../lib/keyset-cursor.ts';
import type { Logger } from '../../lib/logger.ts';
import { demoStorefrontProduct, resetDemoStore } from '../../providers/stores/demo/index.ts';
import { StoreError } from '../../providers/stores/store-client.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import type { ActivityRecorder } from '../activity/log.ts';
import { canManageStore } from '../access/rules.ts';
import { viewerFor } from '../workspaces/context.ts';
import { shopifyClientFor, storeTokenCipher, type StoreClients, type StoreConnectionRow } from './clients.ts';
import { queueImport } from './import.ts';
import { requireStoreManager } from './manager.ts';
import { OAuthCallbackError, STORE_PAGE, type ShopifyOAuth } from './oauth-flow.ts';
import { deleteConnection, findConnection, insertConnection, listProductRows, updateConnection } from './repo.ts';
import { toStoreConnection, toStoreProducts } from './serialize.ts';

type TokenInput = z.output<typeof ConnectShopifyTokenRequest>;

export interface StoreService {
  status(user: SignedInUser, workspaceId: string): Promise<StoreStatus>;
  startOAuth(user: SignedInUser, workspaceId: string, shopDomain: string, sessionId: string): Promise<{ authorizeUrl: string }>;
  /** Shopify's redirect back: always an address on Klipt's store page (`connected=1` or `error=<code>`), never an error page. */
  finishOAuth(user: SignedInUser, sessionId: string, query: Record<string, string>): Promise<string>;
  connectToken(user: SignedInUser, workspaceId: string, input: TokenInput): Promise<StoreConnection>;
  connectDemo(user: SignedInUser, workspaceId: string): Promise<StoreConnection>;
  resetDemo(user: SignedInUser, workspaceId: string): Promise<StoreConnection>;
  disconnect(user: SignedInUser, workspaceId: string): Promise<void>;
  sync(user: SignedInUser, workspaceId: string): Promise<StoreConnection>;
  listProducts(workspaceId: string, query: { q?: string | undefined; cursor?: string | undefined }): Promise<StoreProductPage>;
  demoStorefrontProduct(workspaceId: string, handle: string): Promise<DemoStorefrontProduct>;
}

export function createStoreService(deps: {
  db: Db;
  storage: Storage;
  jobs: JobQueue;
  config: Pick<Config, 'stores' | 'appUrl'>;
  clients: StoreClients;
  oauth: ShopifyOAuth;
  logger: Logger;
  recordActivity: ActivityRecorder;
}): StoreService {
  const { db, storage, jobs, config, clients, oauth, logger, recordActivity } = deps;
  const webhookUrl = `${config.appUrl}/api/webhooks/shopify`;

  const connectionOf = async (workspaceId: string): Promise<StoreConnectionRow> => {
    const row = await findConnection(db, workspaceId);
    if (!row) throw new AppError('NOT_FOUND', storeMessages.notConnected);
    return row;
  };

  /** Shopify keeps the copy current once its webhooks are subscribed; a failure leaves 'Sync now'. */
  const subscribeWebhooks = async (row: StoreConnectionRow): Promise<StoreConnectionRow> => {
    try {
      await clients.forConnection(row).registerWebhooks(webhookUrl);
      return (await updateConnection(db, row.id, { liveUpdates: true })) ?? row;
    } catch (err) {
      logger.warn({ err, connectionId: row.id }, 'shopify webhooks could not be registered');
      return row;
    }
  };

  /** The new connection's first import, and the log line. */
  const connected = async (user: SignedInUser, row: StoreConnectionRow): Promise<StoreConnection> => {
    await queueImport(db, jobs, row.id);
    await recordActivity({
      type: 'store_connected',
      actorId: user.id,
      message: `${row.shopName} (${row.shopDomain}) connected by ${row.method}`,
      details: {
        workspaceId: row.workspaceId,
        connectionId: row.id,
        platform: row.platform,
        method: row.method,
        shopDomain: row.shopDomain,
      },
    });
    return toStoreConnection(db, (await findConnection(db, row.workspaceId)) ?? row);
  };

  const saveShopify = async (
    user: SignedInUser,
    workspaceId: string,
    shop: { domain: string; name: string },
    method: 'oauth' | 'token',
    accessToken: string,
    webhookSecret?: string,
  ): Promise<StoreConnectionRow | undefined> => {
    const cipher = storeTokenCipher(config);
    return insertConnection(db, {
      workspaceId,
      platform: 'shopify',
      method,
      shopDomain: shop.domain,
      shopName: shop.name,
      accessTokenEncrypted: cipher.seal(accessToken, workspaceId),
      webhookSecretEncrypted: webhookSecret ? cipher.seal(webhookSecret, workspaceId) : null,
      connectedBy: user.id,
    });
  };

  return {
    async status(user, workspaceId) {
      const row = await findConnection(db, workspaceId);
      return {
        connection: row ? await toStoreConnection(db, row) : null,
        oauthAvailable: config.stores.shopifyApp !== undefined,
        demoAvailable: config.stores.shopifyApp === undefined,
        canManage: canManageStore(viewerFor(user), workspaceId),
      };
    },

    async startOAuth(user, workspaceId, shopDomain, sessionId) {
      requireStoreManager(user, workspaceId);
      return { authorizeUrl: await oauth.start(user, workspaceId, shopDomain, sessionId) };
    },

    async finishOAuth(user, sessionId, query) {
      try {
        const install = await oauth.complete(user, sessionId, query);
        let shopName = install.shopDomain;
        try {
          shopName = (await shopifyClientFor(config, install.shopDomain, install.accessToken).shop()).name;
        } catch (err) {
          throw new OAuthCallbackError('shop_unreachable', err instanceof Error ? err.message : 'shop() failed');
        }
        const row = await saveShopify(
          user,
          install.workspaceId,
          { domain: install.shopDomain, name: shopName },
          'oauth',
          install.accessToken,
        );
        if (!row) {
          // Another store was connected meanwhile: the token just granted would be kept by nobody.
          await shopifyClientFor(config, install.shopDomain, install.accessToken)
            .uninstall()
            .catch((err: unknown) => logger.warn({ err, shop: install.shopDomain }, 'unused shopify install not uninstalled'));
          throw new OAuthCallbackError('already_connected', 'the workspace has a store');
        }
        await connected(user, await subscribeWebhooks(row));
        return `${STORE_PAGE}?connected=1`;
      } catch (err) {
        if (err instanceof OAuthCallbackError) {
          logger.info({ reason: err.message, code: err.code }, 'shopify install not completed');
          return `${STORE_PAGE}?error=${err.code}`;
        }
        logger.error({ err }, 'shopify install failed');
        return `${STORE_PAGE}?error=oauth_failed`;
      }
    },

    async connectToken(user, workspaceId, input) {
      requireStoreManager(user, workspaceId);
      if (await findConnection(db, workspaceId)) throw new AppError('CONFLICT', storeMessages.alreadyConnected);
      let shop: { name: string; domain: string };
      try {
        shop = await shopifyClientFor(config, input.shopDomain, input.accessToken).shop();
      } catch (err) {
        if (err instanceof StoreError && (err.kind === 'unauthorized' || err.kind === 'not_found'))
          throw new AppError('BAD_REQUEST', storeMessages.tokenRejected);
        logger.warn({ err, shop: input.shopDomain }, 'shopify token check failed');
        throw new AppError('PROVIDER_FAILED', storeMessages.shopUnreachable);
      }
      const row = await saveShopify(
        user,
        workspaceId,
        { domain: input.shopDomain, name: shop.name },
        'token',
        input.accessToken,
        input.apiSecretKey || undefined,
      );
      if (!row) throw new AppError('CONFLICT', storeMessages.alreadyConnected);
      // A custom app's webhooks are signed with its own secret: without it Klipt could not trust them.
      return connected(user, input.apiSecretKey ? await subscribeWebhooks(row) : row);
    },

    async connectDemo(user, workspaceId) {
      requireStoreManager(user, workspaceId);
      if (config.stores.shopifyApp) throw new AppError('CONFLICT', storeMessages.demoUnavailable);
      const row = await insertConnection(db, {
        workspaceId,
        platform: 'demo',
        method: 'demo',
        shopDomain: DEMO_STORE_DOMAIN,
        shopName: DEMO_STORE_NAME,
        connectedBy: user.id,
      });
      if (!row) throw new AppError('CONFLICT', storeMessages.alreadyConnected);
      return connected(user, row);
    },

    async resetDemo(user, workspaceId) {
      requireStoreManager(user, workspaceId);
      const row = await connectionOf(workspaceId);
      if (row.platform !== 'demo') throw new AppError('CONFLICT', storeMessages.demoOnly);
      await resetDemoStore({ db, storage, workspaceId });
      await queueImport(db, jobs, row.id, { full: true });
      return toStoreConnection(db, await connectionOf(workspaceId));
    },

    async disconnect(user, workspaceId) {
      requireStoreManager(user, workspaceId);
      const row = await connectionOf(workspaceId);
      if (row.method === 'oauth') {
        try {
          await clients.forConnection(row).uninstall();
        } catch (err) {
          logger.warn({ err, connectionId: row.id }, 'shopify uninstall failed; the token is deleted anyway');
        }
      }
      await deleteConnection(db, row.id);
      await recordActivity({
        type: 'store_disconnected',
        actorId: user.id,
        message: `${row.shopName} (${row.shopDomain}) disconnected`,
        details: { workspaceId, connectionId: row.id, platform: row.platform, method: row.method, shopDomain: row.shopDomain },
      });
    },

    async sync(user, workspaceId) {
      requireStoreManager(user, workspaceId);
      const row = await connectionOf(workspaceId);
      if (!(await queueImport(db, jobs, row.id))) throw new AppError('CONFLICT', storeMessages.syncRunning);
      return toStoreConnection(db, await connectionOf(workspaceId));
    },

    async listProducts(workspaceId, query) {
      const after = query.cursor ? decodeCursor(query.cursor, 'store-products') : undefined;
      const rows = await listProductRows(db, workspaceId, {
        q: query.q,
        after: after ? [after[0]!, after[1]!] : undefined,
        size: STORE_PRODUCTS_PAGE_SIZE,
      });
      const { page, nextCursor } = cutPage(rows, STORE_PRODUCTS_PAGE_SIZE, 'store-products', (last) => [last.title, last.id]);
      return { products: await toStoreProducts(db, storage, page), nextCursor };
    },

    async demoStorefrontProduct(workspaceId, handle) {
      const row = await findConnection(db, workspaceId);
      if (row?.platform !== 'demo') throw new AppError('NOT_FOUND', storeMessages.productNotFound);
      const product = await demoStorefrontProduct({ db, storage, workspaceId, handle });
      if (!product) throw new AppError('NOT_FOUND', storeMessages.productNotFound);
      return product;
    },
  };
}
