import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { shopifyWebhookEvents } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { verifyWebhookHmac } from '../../providers/stores/shopify/oauth.ts';
import type { ActivityRecorder } from '../activity/log.ts';
import type { UploadOwner } from '../uploads/service.ts';
import { storeTokenCipher, type StoreClients, type StoreConnectionRow } from './clients.ts';
import { processShopifyWebhookJob } from './jobs.ts';
import { syncProduct, type ProductSyncDeps } from './product-sync.ts';
import { connectionsOfShop, deleteConnection, importOwnerId, markProductDeleted } from './repo.ts';

export interface ShopifyWebhookHeaders {
  topic: string | undefined;
  hmac: string | undefined;
  shopDomain: string | undefined;
  webhookId: string | undefined;
}

export interface StoreWebhooks {
  /** Verifies, stores once by webhook id and queues the work; throws 401 for a bad or missing signature. */
  receive(rawBody: Buffer, headers: ShopifyWebhookHeaders): Promise<void>;
  /** The job's work: one stored event, acted on once. */
  process(webhookId: string): Promise<void>;
}

const SHOP = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
const TOPIC = /^[a-z_]+\/[a-z_]+$/;
const WEBHOOK_ID = /^[A-Za-z0-9._:-]{1,255}$/;
const unauthorized = () => new AppError('UNAUTHENTICATED', 'The webhook’s signature is not valid.');

/** Shopify's id of a product from a webhook body: the GraphQL id when given, else built from the numeric one. */
function productGid(payload: Record<string, unknown>): string | null {
  if (typeof payload.admin_graphql_api_id === 'string') return payload.admin_graphql_api_id;
  if (typeof payload.id === 'number' || (typeof payload.id === 'string' && /^\d+$/.test(payload.id)))
    return `gid://shopify/Product/${payload.id}`;
  return null;
}

export function createStoreWebhooks(
  deps: ProductSyncDeps & {
    config: Pick<Config, 'stores'>;
    jobs: JobQueue;
    clients: StoreClients;
    logger: Logger;
    recordActivity: ActivityRecorder;
  },
): StoreWebhooks {
  const { db, config, jobs, clients, logger, recordActivity } = deps;

  /** The secrets a webhook of this shop may be signed with: Klipt's app's, and each custom app's of its connections. */
  const secretsOf = async (shopDomain: string): Promise<string[]> => {
    const secrets = config.stores.shopifyApp ? [config.stores.shopifyApp.apiSecret] : [];
    for (const connection of await connectionsOfShop(db, shopDomain)) {
      if (!connection.webhookSecretEncrypted) continue;
      try {
        secrets.push(storeTokenCipher(config).open(connection.webhookSecretEncrypted, connection.workspaceId));
      } catch (err) {
        logger.warn({ err, connectionId: connection.id }, 'store webhook secret could not be opened');
      }
    }
    return secrets;
  };

  const ownerOf = async (connection: StoreConnectionRow): Promise<UploadOwner | null> => {
    const id = await importOwnerId(db, connection);
    return id ? { id, workspace: { id: connection.workspaceId } } : null;
  };

  /** What a topic does to the shop's connections; the words go to the activity log. */
  const act = async (topic: string, shopDomain: string, payload: Record<string, unknown>): Promise<string> => {
    const connections = (await connectionsOfShop(db, shopDomain)).filter((c) => c.platform === 'shopify');
    switch (topic) {
      case 'products/update':
      case 'products/create': {
        const gid = productGid(payload);
        if (!gid) return 'no product id in the payload';
        for (const connection of connections) {
          const client = clients.forConnection(connection);
          const product = await client.getProduct(gid);
          if (product) await syncProduct(deps, connection, client, await ownerOf(connection), product);
          else await markProductDeleted(db, connection.id, gid);
        }
        return `product ${gid} updated in ${connections.length} workspace(s)`;
      }
      case 'products/delete': {
        const gid = productGid(payload);
        if (!gid) return 'no product id in the payload';
        for (const connection of connections) await markProductDeleted(db, connection.id, gid);
        return `product ${gid} marked deleted in ${connections.length} workspace(s)`;
      }
      case 'app/uninstalled': {
        const installed = connections.filter((c) => c.method === 'oauth');
        for (const connection of installed) await deleteConnection(db, connection.id);
        return `${installed.length} OAuth connection(s) and their tokens removed`;
      }
      case 'shop/redact': {
        const all = await connectionsOfShop(db, shopDomain);
        for (const connection of all) await deleteConnection(db, connection.id);
        return `${all.length} connection(s) and their product data removed`;
      }
      case 'customers/data_request':
      case 'customers/redact':
        return 'Klipt stores no Shopify customer data: nothing to report or remove';
      default:
        return 'topic not acted on';
    }
  };

  return {
    async receive(rawBody, headers) {
      const { hmac, shopDomain } = headers;
      if (!hmac || !shopDomain || !SHOP.test(shopDomain)) throw unauthorized();
      const secrets = await secretsOf(shopDomain);
      if (!secrets.some((secret) => verifyWebhookHmac(rawBody, hmac, secret))) {
        logger.warn({ shopDomain, topic: headers.topic }, 'shopify webhook with a bad signature refused');
        throw unauthorized();
      }
      const { topic, webhookId } = headers;
      if (!topic || !TOPIC.test(topic) || !webhookId || !WEBHOOK_ID.test(webhookId))
        throw new AppError('BAD_REQUEST', 'The webhook’s topic or id header is missing.');
      let payload: unknown;
      try {
        payload = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError('BAD_REQUEST', 'The webhook’s body is not JSON.');
      }
      // The customer topics carry a customer's details: Klipt keeps none of them, only that the request came.
      if (topic.startsWith('customers/')) payload = { shop_domain: shopDomain };
      await db.transaction(async (tx) => {
        const rows = await tx
          .insert(shopifyWebhookEvents)
          .values({ webhookId, topic, shopDomain, payload })
          .onConflictDoNothing()
          .returning({ id: shopifyWebhookEvents.webhookId });
        if (rows.length > 0) await jobs.send(processShopifyWebhookJob, { webhookId }, { tx, singletonKey: `shop:${shopDomain}` });
      });
    },

    async process(webhookId) {
      const [event] = await db.select().from(shopifyWebhookEvents).where(eq(shopifyWebhookEvents.webhookId, webhookId));
      if (!event || event.processedAt) return;
      const payload = typeof event.payload === 'object' && event.payload !== null ? (event.payload as Record<string, unknown>) : {};
      const outcome = await act(event.topic, event.shopDomain, payload);
      await db
        .update(shopifyWebhookEvents)
        .set({ processedAt: sql`now()` })
        .where(eq(shopifyWebhookEvents.webhookId, webhookId));
      await recordActivity({
        type: 'store_webhook',
        message: `Shopify ${event.topic} from ${event.shopDomain}: ${outcome}`,
        details: { topic: event.topic, shopDomain: event.shopDomain, webhookId, outcome },
      });
    },
  };
}
