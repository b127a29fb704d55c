/**
 * Shopify's OAuth authorization code grant and the HMAC checks of what Shopify sends
 * (docs/providers.md#shopify): https://shopify.dev/docs/apps/auth/oauth/getting-started and
 * https://shopify.dev/docs/apps/build/webhooks/subscribe/https#step-5-verify-the-webhook
 */

import { createHmac, timingSafeEqual } from 'node:crypto';
import { StoreError } from '../store-client.ts';

const shopDomainPattern = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
/** How far a callback's `timestamp` may be from now (clock skew and a slow browser). */
const CALLBACK_MAX_AGE_SECONDS = 5 * 60;
const EXCHANGE_TIMEOUT_MS = 15_000;

export function authorizeUrl(input: {
  shopUrl: string;
  apiKey: string;
  scopes: readonly string[];
  redirectUri: string;
  state: string;
}): string {
  // No grant_options[]=per-user: Klipt needs an offline token that outlives the seller's session.
  const query = new URLSearchParams({
    client_id: input.apiKey,
    scope: input.scopes.join(','),
    redirect_uri: input.redirectUri,
    state: input.state,
  });
  return `${input.shopUrl.replace(/\/+$/, '')}/admin/oauth/authorize?${query.toString()}`;
}

export type CallbackCheck =
  | { ok: true; shop: string; code: string; state: string }
  | { ok: false; reason: 'missing_hmac' | 'bad_hmac' | 'bad_shop' | 'stale' | 'missing_code' };

function entriesOf(query: URLSearchParams | Record<string, string>): [string, string][] {
  return query instanceof URLSearchParams ? [...query.entries()] : Object.entries(query);
}

/**
 * The message Shopify signs: every parameter but `hmac` (and the app proxy's `signature`), sorted
 * by name, form-encoded as Shopify's own library does (`URLSearchParams`).
 */
export function callbackMessage(query: URLSearchParams | Record<string, string>): string {
  const rest = entriesOf(query)
    .filter(([key]) => key !== 'hmac' && key !== 'signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(rest).toString();
}

export function signCallbackQuery(query: URLSearchParams | Record<string, string>, apiSecret: string): string {
  return createHmac('sha256', apiSecret).update(callbackMessage(query)).digest('hex');
}

function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Checks the redirect Shopify sends back after the seller approved the install. */
export function verifyCallbackQuery(
  query: URLSearchParams | Record<string, string>,
  apiSecret: string,
  options: { now?: number; maxAgeSeconds?: number } = {},
): CallbackCheck {
  const params = new Map(entriesOf(query));
  const hmac = params.get('hmac');
  if (!hmac || !/^[0-9a-f]{64}$/i.test(hmac)) return { ok: false, reason: 'missing_hmac' };
  const expected = Buffer.from(signCallbackQuery(query, apiSecret), 'hex');
  if (!safeEqual(expected, Buffer.from(hmac.toLowerCase(), 'hex'))) return { ok: false, reason: 'bad_hmac' };

  const shop = params.get('shop') ?? '';
  if (!shopDomainPattern.test(shop)) return { ok: false, reason: 'bad_shop' };
  const timestamp = Number(params.get('timestamp'));
  const nowSeconds = (options.now ?? Date.now()) / 1000;
  if (!Number.isFinite(timestamp) || Math.abs(nowSeconds - timestamp) > (options.maxAgeSeconds ?? CALLBACK_MAX_AGE_SECONDS)) {
    return { ok: false, reason: 'stale' };
  }
  const code = params.get('code');
  if (!code) return { ok: false, reason: 'missing_code' };
  return { ok: true, shop, code, state: params.get('state') ?? '' };
}

/** `X-Shopify-Hmac-Sha256`: base64 HMAC-SHA256 of the exact body bytes, keyed with the app's secret. */
export function signWebhookBody(rawBody: Buffer, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

export function verifyWebhookHmac(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (!header || !secret) return false;
  const given = Buffer.from(header.trim(), 'base64');
  return safeEqual(Buffer.from(signWebhookBody(rawBody, secret), 'base64'), given);
}

/** Trades the callback's code for the shop's offline access token. */
export async function exchangeCode(input: {
  shopUrl: string;
  apiKey: string;
  apiSecret: string;
  code: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}): Promise<{ accessToken: string; scope: string }> {
  const doFetch = input.fetch ?? fetch;
  const timeout = AbortSignal.timeout(EXCHANGE_TIMEOUT_MS);
  let response: Response;
  let body: unknown;
  try {
    response = await doFetch(`${input.shopUrl.replace(/\/+$/, '')}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ client_id: input.apiKey, client_secret: input.apiSecret, code: input.code }),
      signal: input.signal ? AbortSignal.any([input.signal, timeout]) : timeout,
    });
    body = await response.json().catch(() => undefined);
  } catch (error) {
    if (input.signal?.aborted) throw input.signal.reason;
    throw new StoreError('unavailable', `Shopify could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (response.status >= 500) throw new StoreError('unavailable', `Shopify answered ${response.status}`);
  if (!response.ok) {
    const reason = [record.error, record.error_description].filter((part) => typeof part === 'string').join(': ');
    throw new StoreError('unauthorized', reason || `Shopify refused the code (${response.status})`);
  }
  if (typeof record.access_token !== 'string' || record.access_token === '') {
    throw new StoreError('unavailable', 'Shopify answered without an access token');
  }
  return { accessToken: record.access_token, scope: typeof record.scope === 'string' ? record.scope : '' };
}
