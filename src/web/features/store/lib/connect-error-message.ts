import { oauthErrorTexts } from '#contracts/stores.ts';
import { storeTexts } from '../texts.ts';

/** The readable message of `?error=<code>` on /store after Shopify sent the browser back (codes in the contract). */
export function connectErrorMessage(code: string): string {
  return Object.hasOwn(oauthErrorTexts, code) ? oauthErrorTexts[code as keyof typeof oauthErrorTexts] : storeTexts.oauthUnknown;
}
