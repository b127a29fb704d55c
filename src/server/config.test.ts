import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '#contracts/uploads.ts';
import { ConfigError, DEFAULT_CONNECTIONS_PER_ADDRESS, envSchema, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives zero-setup defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe('./data');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.logLevel).toBe('info');
    expect(config.registrationMode).toBe('open');
    expect(config.welcomeCredits).toBe(10);
    expect(config.smtpUrl).toBeUndefined();
  });

  it('derives APP_URL from PORT and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '4100' }).appUrl).toBe('http://localhost:4100');
    expect(loadConfig({ APP_URL: 'https://klipt.example.com/' }).appUrl).toBe('https://klipt.example.com');
  });

  it('sets up store sync: the demo store without a Shopify app, OAuth with both its settings, a half-set app refused', () => {
    const none = loadConfig({}).stores;
    expect(none.shopifyApp).toBeUndefined();
    expect(none.shopUrlTemplate).toBe('https://{shop}');
    expect(none.tokenKey).toBeUndefined();
    const app = loadConfig({
      SHOPIFY_API_KEY: 'key',
      SHOPIFY_API_SECRET: 'secret',
      SHOPIFY_SHOP_URL: 'http://127.0.0.1:4010/{shop}/',
    }).stores;
    expect(app.shopifyApp).toEqual({ apiKey: 'key', apiSecret: 'secret' });
    expect(app.shopUrlTemplate).toBe('http://127.0.0.1:4010/{shop}');
    expect(() => loadConfig({ SHOPIFY_API_KEY: 'key' })).toThrow(/SHOPIFY_API_SECRET/);
    expect(() => loadConfig({ SHOPIFY_SHOP_URL: 'https://example.com' })).toThrow(/SHOPIFY_SHOP_URL/);
    expect(loadConfig({ STORE_TOKEN_KEY: 'ab'.repeat(32) }).stores.tokenKey).toEqual(Buffer.alloc(32, 0xab));
    expect(loadConfig({ STORE_TOKEN_KEY: Buffer.alloc(32, 7).toString('base64') }).stores.tokenKey).toEqual(Buffer.alloc(32, 7));
    expect(() => loadConfig({ STORE_TOKEN_KEY: 'too-short' })).toThrow(/STORE_TOKEN_KEY/);
  });

  it('returns a frozen object', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(() => {
      (config as { port: number }).port = 1;
    }).toThrow(TypeError);
  });

  it('names every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', APP_URL: 'not a url', REGISTRATION_MODE: 'closed' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const key of ['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'APP_URL', 'REGISTRATION_MODE']) expect(message).toContain(key);
    expect((error as ConfigError).problems).toHaveLength(5);
  });

  it('requires ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.com' })).toThrow(/ADMIN_EMAIL, ADMIN_PASSWORD/);
    expect(loadConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'long-enough-pass' }).adminEmail).toBe('boss@example.com');
  });

  it('parses the plus-address allowlist as lowercase prefixes', () => {
    expect(loadConfig({ PLUS_EMAIL_ALLOWLIST: ' QA+ , test+,' }).plusEmailAllowlist).toEqual(['qa+', 'test+']);
  });

  it('treats empty strings as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', SMTP_URL: '  ', APP_URL: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.appUrl).toBe('http://localhost:3000');
  });

  it('documents every key in the README configuration table', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    for (const key of Object.keys(envSchema.shape)) expect(readme, `README lacks ${key}`).toContain(`\`${key}\``);
  });

  describe('HTTP limits', () => {
    it('cut slow headers at 20 s and whole requests at 600 s, enough for the largest upload at 150 kbit/s', () => {
      const { http } = loadConfig({});
      expect(http).toEqual({
        headersTimeoutMs: 20_000,
        requestTimeoutMs: 600_000,
        keepAliveTimeoutMs: 72_000,
        maxConnectionsPerAddress: 256,
      });
      expect(http.requestTimeoutMs).toBeGreaterThan(((UPLOAD_MAX_BYTES * 8) / 150_000) * 1000);
    });

    it('allow 256 open connections per address, above the bench (100) and a browser (6); none behind a proxy unless set', () => {
      expect(DEFAULT_CONNECTIONS_PER_ADDRESS).toBeGreaterThan(100);
      expect(loadConfig({ TRUST_PROXY: 'true' }).http.maxConnectionsPerAddress).toBe(0);
      expect(loadConfig({ TRUST_PROXY: 'true', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '2000' }).http.maxConnectionsPerAddress).toBe(2000);
      expect(loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' }).http.maxConnectionsPerAddress).toBe(0);
    });

    it('refuse a headers timeout above the request timeout, and values out of range', () => {
      expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '30', HTTP_REQUEST_TIMEOUT_SECONDS: '10' })).toThrow(
        /HTTP_HEADERS_TIMEOUT_SECONDS: must not be above HTTP_REQUEST_TIMEOUT_SECONDS/,
      );
      expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '0' })).toThrow(/HTTP_HEADERS_TIMEOUT_SECONDS/);
      expect(() => loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '-1' })).toThrow(/HTTP_MAX_CONNECTIONS_PER_ADDRESS/);
    });
  });

  describe('billing', () => {
    const stripeEnv = {
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_STARTER: 'price_s',
      STRIPE_PRICE_GROWTH: 'price_g',
      STRIPE_PRICE_PRO: 'price_p',
      STRIPE_PRICE_SCALE: 'price_x',
    };

    it('uses the built-in sandbox checkout when Stripe is not configured', () => {
      expect(loadConfig({}).billing).toEqual({
        mode: 'sandbox',
        requested: 'auto',
        stripe: undefined,
        realMoney: [],
        testCheckoutAdminsOnly: false,
      });
      expect(loadConfig({ BILLING_MODE: 'off', ...stripeEnv }).billing.mode).toBe('off');
    });

    it('uses Stripe once its key is set, with a price per plan and the API address without a trailing slash', () => {
      const billing = loadConfig({ ...stripeEnv, STRIPE_API_URL: 'http://127.0.0.1:12111/' }).billing;
      expect(billing.mode).toBe('stripe');
      expect(billing.stripe).toEqual({
        secretKey: 'sk_test_1',
        webhookSecret: 'whsec_1',
        apiUrl: 'http://127.0.0.1:12111',
        prices: { starter: 'price_s', growth: 'price_g', pro: 'price_p', scale: 'price_x' },
        userWaitTimeoutMs: 10_000,
      });
      expect(loadConfig({ ...stripeEnv, STRIPE_TIMEOUT_SECONDS: '3' }).billing.stripe?.userWaitTimeoutMs).toBe(3000);
      expect(() => loadConfig({ ...stripeEnv, STRIPE_TIMEOUT_SECONDS: '0' })).toThrow(/STRIPE_TIMEOUT_SECONDS/);
      expect(loadConfig(stripeEnv).billing.stripe?.apiUrl).toBe('https://api.stripe.com');
    });

    it('refuses a half-configured Stripe, naming what is missing', () => {
      const { STRIPE_WEBHOOK_SECRET: _secret, STRIPE_PRICE_PRO: _pro, ...half } = stripeEnv;
      expect(() => loadConfig(half)).toThrow(ConfigError);
      expect(() => loadConfig(half)).toThrow(/STRIPE_WEBHOOK_SECRET[\s\S]*STRIPE_PRICE_PRO/);
      expect(() => loadConfig({ BILLING_MODE: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
      expect(() => loadConfig({ BILLING_MODE: 'cash' })).toThrow(ConfigError);
    });
  });

  describe('superlike webhook', () => {
    const secret = 'a-secret-of-16-chars';

    it('is off unless its URL is set; the first retry waits 30 s by default', () => {
      expect(loadConfig({}).superlikeWebhook).toBeUndefined();
      expect(
        loadConfig({ SUPERLIKE_WEBHOOK_URL: 'https://hooks.example.com/klipt', SUPERLIKE_WEBHOOK_SECRET: secret }).superlikeWebhook,
      ).toEqual({
        url: 'https://hooks.example.com/klipt',
        secret,
        retryDelaySeconds: 30,
        allowPrivate: false,
      });
      const quick = loadConfig({
        SUPERLIKE_WEBHOOK_URL: 'https://hooks.example.com/klipt',
        SUPERLIKE_WEBHOOK_SECRET: secret,
        SUPERLIKE_WEBHOOK_RETRY_DELAY_SECONDS: '1',
      });
      expect(quick.superlikeWebhook?.retryDelaySeconds).toBe(1);
    });

    it.each([
      ['http://127.0.0.1:9/', 'loopback'],
      ['http://2130706433/', 'loopback'],
      ['http://localhost:8080/hook', 'loopback'],
      ['http://[::1]/', 'loopback'],
      ['http://[::ffff:127.0.0.1]/', 'loopback'],
      ['http://169.254.169.254/latest/meta-data', 'link-local'],
      ['http://[fe80::1]/', 'link-local'],
      ['http://10.0.0.5/', 'private'],
      ['http://172.16.3.4/', 'private'],
      ['http://192.168.1.10/', 'private'],
      ['http://[fd00::5]/', 'private'],
      ['http://100.64.0.1/', 'shared (carrier-grade NAT)'],
      ['http://0.0.0.0/', 'unspecified'],
    ])('refuses %s (%s) at start unless SUPERLIKE_WEBHOOK_ALLOW_PRIVATE is true', (url, kind) => {
      expect(() => loadConfig({ SUPERLIKE_WEBHOOK_URL: url, SUPERLIKE_WEBHOOK_SECRET: secret })).toThrow(
        new RegExp(`SUPERLIKE_WEBHOOK_URL: points at an? ${kind.replace(/[()]/g, '\\$&')} address.*SUPERLIKE_WEBHOOK_ALLOW_PRIVATE=true`),
      );
      const allowed = loadConfig({ SUPERLIKE_WEBHOOK_URL: url, SUPERLIKE_WEBHOOK_SECRET: secret, SUPERLIKE_WEBHOOK_ALLOW_PRIVATE: 'true' });
      expect(allowed.superlikeWebhook).toMatchObject({ url, allowPrivate: true });
    });

    it('refuses a half configuration, naming the missing key', () => {
      expect(() => loadConfig({ SUPERLIKE_WEBHOOK_URL: 'https://hooks.example.com/klipt' })).toThrow(/SUPERLIKE_WEBHOOK_SECRET: required/);
      expect(() => loadConfig({ SUPERLIKE_WEBHOOK_SECRET: secret })).toThrow(/SUPERLIKE_WEBHOOK_URL: required/);
    });

    it("refuses a short secret, a URL that is not http(s) and a retry delay below pg-boss's 1 s", () => {
      const url = 'https://hooks.example.com/klipt';
      expect(() => loadConfig({ SUPERLIKE_WEBHOOK_URL: url, SUPERLIKE_WEBHOOK_SECRET: 'short' })).toThrow(
        /SUPERLIKE_WEBHOOK_SECRET: must be at least 16/,
      );
      expect(() => loadConfig({ SUPERLIKE_WEBHOOK_URL: 'ftp://hooks.example.com', SUPERLIKE_WEBHOOK_SECRET: secret })).toThrow(
        /SUPERLIKE_WEBHOOK_URL/,
      );
      expect(() =>
        loadConfig({ SUPERLIKE_WEBHOOK_URL: url, SUPERLIKE_WEBHOOK_SECRET: secret, SUPERLIKE_WEBHOOK_RETRY_DELAY_SECONDS: '0' }),
      ).toThrow(/SUPERLIKE_WEBHOOK_RETRY_DELAY_SECONDS/);
    });
  });
});
