import { eq, sql } from 'drizzle-orm';
import { storeMessages } from '#contracts/stores.ts';
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
const unauthorized = () => new AppError('UNAUTHENTICATED', storeMessages.webhookSignatureInvalid);

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

  /**
   * Who signed a webhook of this shop: Klipt's app (null), or the connections whose custom app's
   * secret verifies it; undefined when no secret does.
   */
  const signerOf = async (shopDomain: string, rawBody: Buffer, hmac: string): Promise<string[] | null | undefined> => {
    const app = config.stores.shopifyApp;
    if (app && verifyWebhookHmac(rawBody, hmac, app.apiSecret)) return null;
    const signers: string[] = [];
    for (const connection of await connectionsOfShop(db, shopDomain)) {
      if (!connection.webhookSecretEncrypted) continue;
      try {
        const secret = storeTokenCipher(config).open(connection.webhookSecretEncrypted, connection.workspaceId);
        if (verifyWebhookHmac(rawBody, hmac, secret)) signers.push(connection.id);
      } catch (err) {
        logger.warn({ err, connectionId: connection.id }, 'store webhook secret could not be opened');
      }
    }
    return signers.length > 0 ? signers : undefined;
  };

  const ownerOf = async (connection: StoreConnectionRow): Promise<UploadOwner | null> => {
    const id = await importOwnerId(db, connection);
    return id ? { id, workspace: { id: connection.workspaceId } } : null;
  };

  /** What a topic does to the shop's connections; the words go to the activity log. */
  const act = async (topic: string, shopDomain: string, payload: Record<string, unknown>, signedBy: string[] | null): Promise<string> => {
    // A custom app's webhook speaks for its own connections only; Klipt's app's for every connection of the shop.
    const ofShop = (await connectionsOfShop(db, shopDomain)).filter((c) => signedBy === null || signedBy.includes(c.id));
    const connections = ofShop.filter((c) => c.platform === 'shopify');
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
        // Klipt's app: its OAuth installs; a custom app: the connections its token served.
        const installed = connections.filter((c) => (signedBy === null ? c.method === 'oauth' : c.method === 'token'));
        for (const connection of installed) await deleteConnection(db, connection.id);
        return `${installed.length} OAuth connection(s) and their tokens removed`;
      }
      case 'shop/redact': {
        for (const connection of ofShop) await deleteConnection(db, connection.id);
        return `${ofShop.length} connection(s) and their product data removed`;
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
      const signedBy = await signerOf(shopDomain, rawBody, hmac);
      if (signedBy === undefined) {
        logger.warn({ shopDomain, topic: headers.topic }, 'shopify webhook with a bad signature refused');
        throw unauthorized();
      }
      const { topic, webhookId } = headers;
      if (!topic || !TOPIC.test(topic) || !webhookId || !WEBHOOK_ID.test(webhookId))
        throw new AppError('BAD_REQUEST', storeMessages.webhookHeadersMissing);
      let payload: unknown;
      try {
        payload = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError('BAD_REQUEST', storeMessages.webhookNotJson);
      }
      // The customer topics carry a customer's details: Klipt keeps none of them, only that the request came.
      if (topic.startsWith('customers/')) payload = { shop_domain: shopDomain };
      await db.transaction(async (tx) => {
        const rows = await tx
          .insert(shopifyWebhookEvents)
          .values({ webhookId, topic, shopDomain, payload, signedBy })
          .onConflictDoNothing()
          .returning({ id: shopifyWebhookEvents.webhookId });
        if (rows.length > 0) await jobs.send(processShopifyWebhookJob, { webhookId }, { tx, singletonKey: `shop:${shopDomain}` });
      });
    },

    async process(webhookId) {
      const [event] = await db.select().from(shopifyWebhookEvents).where(eq(shopifyWebhookEvents.webhookId, webhookId));
      if (!event || event.processedAt) return;
      const payload = typeof event.payload === 'object' && event.payload !== null ? (event.payload as Record<string, unknown>) : {};
      const outcome = await act(event.topic, event.shopDomain, payload, event.signedBy);
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
