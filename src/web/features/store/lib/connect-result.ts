import { storeMessages } from '#contracts/stores.ts';
import { storeTexts } from '../texts.ts';

/**
 * The readable message of `?error=<code>` on /store after Shopify sent the browser back: a key of
 * `storeMessages` (e.g. `oauthFailed`, `oauthExpired`), Shopify's own `access_denied` (the seller
 * cancelled), or anything else as the general 'did not confirm'.
 */
export function connectErrorMessage(code: string): string {
  if (code === 'access_denied') return storeTexts.oauthDenied;
  if (Object.hasOwn(storeMessages, code)) {
    const message = storeMessages[code as keyof typeof storeMessages];
    if (typeof message === 'string') return message;
  }
  return storeTexts.oauthUnknown;
}
