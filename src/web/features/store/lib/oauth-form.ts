import { ConnectShopifyOAuthRequest } from '#contracts/stores.ts';

/** The shop domain as the contract reads it, or its error in the contract's words. */
export function checkShopDomain(shopDomain: string): { body: ConnectShopifyOAuthRequest } | { error: string } {
  const parsed = ConnectShopifyOAuthRequest.safeParse({ shopDomain });
  return parsed.success ? { body: { shopDomain } } : { error: parsed.error.issues[0]?.message ?? '' };
}
