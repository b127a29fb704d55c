import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShopifyFake, type ShopifyFake } from '#test-fakes/shopify-fake.ts';
import { StoreError } from '../store-client.ts';
import { authorizeUrl, exchangeCode, signCallbackQuery, verifyCallbackQuery, verifyWebhookHmac } from './oauth.ts';
import { createShopifyStoreClient } from './shopify-client.ts';

// Shopify's documented example (OAuth verification): secret "hush".
const documented = {
  code: '0907a61c0c8d55e99db179b68161bc00',
  shop: 'some-shop.myshopify.com',
  state: '0.6784241404160823',
  timestamp: '1337178173',
  hmac: '700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf',
};
const at = 1337178173 * 1000;

describe('authorizeUrl', () => {
  it('asks the shop for an offline token with the scopes, redirect and state', () => {
    const url = new URL(
      authorizeUrl({
        shopUrl: 'https://some-shop.myshopify.com',
        apiKey: 'key123',
        scopes: ['read_products', 'write_products', 'write_files'],
        redirectUri: 'https://klipt.example/api/store/shopify/callback',
        state: 'nonce-1',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://some-shop.myshopify.com/admin/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'key123',
      scope: 'read_products,write_products,write_files',
      redirect_uri: 'https://klipt.example/api/store/shopify/callback',
      state: 'nonce-1',
    });
    expect(url.search).not.toContain('grant_options');
  });
});

describe('verifyCallbackQuery', () => {
  it("accepts Shopify's documented example", () => {
    expect(verifyCallbackQuery(documented, 'hush', { now: at })).toEqual({
      ok: true,
      shop: documented.shop,
      code: documented.code,
      state: documented.state,
    });
    expect(verifyCallbackQuery(new URLSearchParams(documented), 'hush', { now: at + 60_000 }).ok).toBe(true);
  });

  it('accepts the documented example without a state (hmac 4712bf…)', () => {
    const { state: _state, ...rest } = documented;
    const query = { ...rest, hmac: '4712bf92ffc2917d15a2f5a273e39f0116667419aa4b6ac0b3baaf26fa3c4d20' };
    expect(verifyCallbackQuery(query, 'hush', { now: at }).ok).toBe(true);
  });

  it('refuses a tampered parameter, a wrong secret and a missing hmac', () => {
    expect(verifyCallbackQuery({ ...documented, code: 'ffff7a61c0c8d55e99db179b68161bc00' }, 'hush', { now: at })).toEqual({
      ok: false,
      reason: 'bad_hmac',
    });
    expect(verifyCallbackQuery({ ...documented, extra: '1' }, 'hush', { now: at })).toEqual({ ok: false, reason: 'bad_hmac' });
    expect(verifyCallbackQuery(documented, 'hush2', { now: at })).toEqual({ ok: false, reason: 'bad_hmac' });
    const { hmac: _hmac, ...withoutHmac } = documented;
    expect(verifyCallbackQuery(withoutHmac, 'hush', { now: at })).toEqual({ ok: false, reason: 'missing_hmac' });
  });

  it('refuses a correctly signed callback for a shop outside myshopify.com', () => {
    const query: Record<string, string> = { ...documented, shop: 'evil.example.com' };
    query.hmac = signCallbackQuery(query, 'hush');
    expect(verifyCallbackQuery(query, 'hush', { now: at })).toEqual({ ok: false, reason: 'bad_shop' });
  });

  it('refuses a stale timestamp', () => {
    expect(verifyCallbackQuery(documented, 'hush', { now: at + 10 * 60_000 })).toEqual({ ok: false, reason: 'stale' });
    expect(verifyCallbackQuery(documented, 'hush')).toEqual({ ok: false, reason: 'stale' });
  });
});

describe('verifyWebhookHmac', () => {
  const body = Buffer.from('{"id":788032119674292922,"title":"Example T-Shirt"}');
  it('accepts the base64 HMAC of the exact bytes and refuses anything else', async () => {
    const fake = await startShopifyFake();
    try {
      const signature = fake.signWebhook(body, 'whsecret');
      expect(verifyWebhookHmac(body, signature, 'whsecret')).toBe(true);
      expect(verifyWebhookHmac(Buffer.from(`${body.toString()} `), signature, 'whsecret')).toBe(false);
      expect(verifyWebhookHmac(body, signature, 'other')).toBe(false);
      expect(verifyWebhookHmac(body, undefined, 'whsecret')).toBe(false);
      expect(verifyWebhookHmac(body, '', 'whsecret')).toBe(false);
      expect(verifyWebhookHmac(body, 'not base64 at all', 'whsecret')).toBe(false);
    } finally {
      await fake.close();
    }
  });
});

describe('exchangeCode', () => {
  let fake: ShopifyFake;
  const domain = 'oauth-shop.myshopify.com';
  beforeAll(async () => {
    fake = await startShopifyFake();
    fake.addShop(domain, { name: 'OAuth Shop' });
  });
  afterAll(() => fake.close());
  const shopUrl = () => `${fake.url}/${domain}`;

  it('trades a code for an offline token that works on the Admin API, once', async () => {
    const code = fake.issueCode(domain);
    const result = await exchangeCode({ shopUrl: shopUrl(), apiKey: fake.apiKey, apiSecret: fake.apiSecret, code });
    expect(result.scope).toBe('read_products,write_products,write_files');
    const client = createShopifyStoreClient({ shopDomain: domain, accessToken: result.accessToken, shopUrlTemplate: fake.shopUrlTemplate });
    expect(await client.shop()).toEqual({ name: 'OAuth Shop', domain });

    const again = exchangeCode({ shopUrl: shopUrl(), apiKey: fake.apiKey, apiSecret: fake.apiSecret, code });
    await expect(again).rejects.toMatchObject({ kind: 'unauthorized', message: expect.stringContaining('already used') });
  });

  it('refuses a wrong secret as unauthorized and an unreachable shop as unavailable', async () => {
    const code = fake.issueCode(domain);
    await expect(exchangeCode({ shopUrl: shopUrl(), apiKey: fake.apiKey, apiSecret: 'wrong', code })).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    const error = await exchangeCode({ shopUrl: 'http://127.0.0.1:1', apiKey: 'k', apiSecret: 's', code }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).kind).toBe('unavailable');
  });
});
