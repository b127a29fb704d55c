import type { OAuthErrorCode as ContractOAuthErrorCode } from '#contracts/stores.ts';
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SHOPIFY_OAUTH_STATE_MINUTES, SHOPIFY_SCOPES, storeMessages } from '#contracts/stores.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import type { SignedInUser } from '../../http/caller.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { authorizeUrl, exchangeCode, verifyCallbackQuery } from '../../providers/stores/shopify/oauth.ts';
import { shopUrlFor } from '../../providers/stores/shopify/shopify-client.ts';
import { StoreError } from '../../providers/stores/store-client.ts';
import { canManageStore } from '../access/rules.ts';
import { viewerFor } from '../workspaces/context.ts';
import { consumeOAuthState, findConnection, insertOAuthState } from './repo.ts';

/** Where the browser lands after an install: the store page, with `connected=1` or `error=<code>`. */
export const STORE_PAGE = '/store';
/** The codes the store page reads its message by (`oauthErrorTexts` in the contract); Shopify's own `access_denied` is not ours to send. */
export type OAuthErrorCode = Exclude<ContractOAuthErrorCode, 'access_denied'>;

export class OAuthCallbackError extends Error {
  readonly code: OAuthErrorCode;
  constructor(code: OAuthErrorCode, reason: string) {
    super(reason);
    this.code = code;
  }
}

/** Where a shop's Admin API and OAuth endpoints answer (SHOPIFY_SHOP_URL with the shop put in). */
export function shopUrlOf(config: Pick<Config, 'stores'>, shopDomain: string): string {
  return shopUrlFor(config.stores.shopUrlTemplate, shopDomain);
}

/** The OAuth state is bound to the session that started it by the SHA-256 of its token: another browser cannot finish it. */
export async function sessionHashOf(db: Db, sessionId: string): Promise<string | null> {
  const [row] = await db.select({ token: sessions.token }).from(sessions).where(eq(sessions.id, sessionId));
  return row ? createHash('sha256').update(row.token).digest('hex') : null;
}

export interface CompletedInstall {
  workspaceId: string;
  userId: string;
  shopDomain: string;
  accessToken: string;
}

export function createShopifyOAuth(deps: { db: Db; config: Pick<Config, 'stores' | 'appUrl'>; logger: Logger; now?: () => number }) {
  const { db, config, logger } = deps;
  const now = deps.now ?? Date.now;
  const redirectUri = `${config.appUrl}/api/stores/shopify/callback`;

  return {
    /** Shopify's authorize address for this shop, with a fresh state nonce bound to the session, workspace and shop. */
    async start(user: SignedInUser, workspaceId: string, shopDomain: string, sessionId: string): Promise<string> {
      const app = config.stores.shopifyApp;
      if (!app) throw new AppError('SERVICE_UNAVAILABLE', storeMessages.oauthNotConfigured);
      const sessionHash = await sessionHashOf(db, sessionId);
      if (!sessionHash) throw new AppError('UNAUTHENTICATED', storeMessages.oauthFailed);
      if (await findConnection(db, workspaceId)) throw new AppError('CONFLICT', storeMessages.alreadyConnected);
      const nonce = randomBytes(24).toString('base64url');
      await insertOAuthState(db, {
        nonce,
        workspaceId,
        userId: user.id,
        sessionHash,
        shopDomain,
        expiresAt: new Date(now() + SHOPIFY_OAUTH_STATE_MINUTES * 60_000),
      });
      return authorizeUrl({
        shopUrl: shopUrlOf(config, shopDomain),
        apiKey: app.apiKey,
        scopes: SHOPIFY_SCOPES,
        redirectUri,
        state: nonce,
      });
    },

    /**
     * Checks Shopify's redirect (HMAC, shop) and the state (there, unexpired, this session's, this
     * shop's; taken once), then trades the code for the offline token. The caller saves it.
     */
    async complete(user: SignedInUser, sessionId: string, query: Record<string, string>): Promise<CompletedInstall> {
      const app = config.stores.shopifyApp;
      if (!app) throw new OAuthCallbackError('oauth_failed', 'no Shopify app is configured');
      const sessionHash = await sessionHashOf(db, sessionId);
      const check = verifyCallbackQuery(query, app.apiSecret, { now: now() });
      if (!check.ok) throw new OAuthCallbackError(check.reason === 'stale' ? 'oauth_expired' : 'oauth_failed', check.reason);
      const state = check.state ? await consumeOAuthState(db, check.state) : undefined;
      if (!state) throw new OAuthCallbackError('oauth_failed', 'unknown or used state');
      if (!sessionHash || state.sessionHash !== sessionHash || state.userId !== user.id)
        throw new OAuthCallbackError('oauth_failed', 'state of another session');
      if (state.shopDomain !== check.shop) throw new OAuthCallbackError('oauth_failed', 'state of another shop');
      if (state.expiresAt.getTime() < now()) throw new OAuthCallbackError('oauth_expired', 'state expired');
      if (!canManageStore(viewerFor(user), state.workspaceId)) throw new OAuthCallbackError('not_allowed', 'no longer a manager');
      try {
        const { accessToken } = await exchangeCode({
          shopUrl: shopUrlOf(config, check.shop),
          apiKey: app.apiKey,
          apiSecret: app.apiSecret,
          code: check.code,
        });
        return { workspaceId: state.workspaceId, userId: user.id, shopDomain: check.shop, accessToken };
      } catch (err) {
        logger.warn({ err, shop: check.shop }, 'shopify code exchange failed');
        if (err instanceof StoreError && err.kind === 'unavailable') throw new OAuthCallbackError('shop_unreachable', err.message);
        throw new OAuthCallbackError('oauth_failed', 'code refused');
      }
    },
  };
}

export type ShopifyOAuth = ReturnType<typeof createShopifyOAuth>;
