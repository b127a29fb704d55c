import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { storeConnections } from '../../db/schema/index.ts';
import { createTokenCipher, type TokenCipher } from '../../lib/token-cipher.ts';
import { createDemoStoreClient } from '../../providers/stores/demo/index.ts';
import { createShopifyStoreClient } from '../../providers/stores/shopify/shopify-client.ts';
import { StoreError, type StoreClient } from '../../providers/stores/store-client.ts';
import type { Storage } from '../../providers/storage/storage.ts';

export type StoreConnectionRow = typeof storeConnections.$inferSelect;

/** The client of a connected store: Shopify's Admin API with its decrypted token, or the demo store. */
export interface StoreClients {
  forConnection(connection: StoreConnectionRow): StoreClient;
}

/** Seals and opens store tokens; a connection's workspace is bound in, so a token copied to another row does not open. */
export function storeTokenCipher(config: Pick<Config, 'stores'>): TokenCipher {
  const key = config.stores.tokenKey;
  if (!key) throw new Error('the store token key must be loaded before store tokens are used');
  return createTokenCipher(key);
}

export function createStoreClients(deps: { config: Pick<Config, 'stores'>; db: Db; storage: Storage }): StoreClients {
  const { config, db, storage } = deps;
  return {
    forConnection(connection) {
      if (connection.platform === 'demo') return createDemoStoreClient({ db, storage, workspaceId: connection.workspaceId });
      if (!connection.accessTokenEncrypted) throw new StoreError('unauthorized', 'This store has no access token: connect it again.');
      return createShopifyStoreClient({
        shopDomain: connection.shopDomain,
        accessToken: storeTokenCipher(config).open(connection.accessTokenEncrypted, connection.workspaceId),
        shopUrlTemplate: config.stores.shopUrlTemplate,
      });
    },
  };
}

/** A client for a token not saved yet (checking a pasted token, finishing an OAuth install). */
export function shopifyClientFor(config: Pick<Config, 'stores'>, shopDomain: string, accessToken: string): StoreClient {
  return createShopifyStoreClient({ shopDomain, accessToken, shopUrlTemplate: config.stores.shopUrlTemplate });
}
