import type { storeConnections } from '../../db/schema/index.ts';
import type { StoreClient } from '../../providers/stores/store-client.ts';

export type StoreConnectionRow = typeof storeConnections.$inferSelect;

/** The client of a connected store: Shopify's Admin API with its decrypted token, or the demo store. */
export interface StoreClients {
  forConnection(connection: StoreConnectionRow): StoreClient;
}
