import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_PRICES, FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET } from '#test-fakes/stripe-fake.ts';
import { billingEventsProcessed, purchasesOf } from '#test-support/billing.ts';
import { callAs, person } from '#test-support/klip-people.ts';
import { createTestContext, type TestContext } from '#test-support/test-app.ts';
import { waitFor } from '#test-support/wait-for.ts';
import { billingMessages } from '#contracts/billing.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { billingEvents, sandboxSubscriptions } from '../../db/schema/index.ts';
import { insertCheckout } from './repo.ts';
import { personalWorkspaceId } from '../workspaces/personal-repo.ts';
import { billingStartNotice } from './start-notice.ts';

// postgres-pass: same

const stripeEnv = {
  STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
  STRIPE_PRICE_STARTER: FAKE_PRICES.starter,
  STRIPE_PRICE_GROWTH: FAKE_PRICES.growth,
  STRIPE_PRICE_PRO: FAKE_PRICES.pro,
  STRIPE_PRICE_SCALE: FAKE_PRICES.scale,
};

const paidKeys = {
  none: {},
  segmind: { SEGMIND_API_KEY: 'sg_live_key' },
  bfl: { BFL_API_KEY: 'bfl_live_key' },
  llm: { LLM_BASE_URL: 'https://api.openai.com/v1', LLM_API_KEY: 'sk-live-key' },
} as const;
const keyNames = { none: null, segmind: 'SEGMIND_API_KEY', bfl: 'BFL_API_KEY', llm: 'LLM_API_KEY' } as const;

const cases = (['(unset)', 'auto', 'sandbox', 'stripe', 'off'] as const).flatMap((mode) =>
  (Object.keys(paidKeys) as Array<keyof typeof paidKeys>).flatMap((key) =>
    (['http', 'https'] as const).flatMap((scheme) => [false, true].map((stripe) => ({ mode, key, scheme, stripe }))),
  ),
);

type Case = (typeof cases)[number];

const envOf = ({ mode, key, scheme, stripe }: Case) => ({
  ...(mode === '(unset)' ? {} : { BILLING_MODE: mode }),
  ...paidKeys[key],
  APP_URL: `${scheme}://klipt.example.com`,
  ...(stripe ? stripeEnv : {}),
});

/** What the installation does, as the test compares it. */
function outcome(env: Record<string, string>) {
  let billing;
  try {
    billing = loadConfig(env).billing;
  } catch (err) {
    return { refused: err instanceof ConfigError };
  }
  const notice = billingStartNotice(billing);
  return {
    mode: billing.mode,
    realMoney: billing.realMoney,
    adminsOnly: billing.testCheckoutAdminsOnly,
    notice: notice && {
      level: notice.level,
      namesWhy: billing.realMoney.length > 0 && billing.realMoney.every((reason) => notice.message.includes(reason)),
      saysSuperAdminsOnly: notice.message.includes('Only super admins'),
      saysHowToEnableStripe: notice.message.includes('STRIPE_SECRET_KEY'),
    },
  };
}

/** The guarantee: the test checkout never runs where real money can be spent unless asked for by name. */
function expected({ mode, key, scheme, stripe }: Case): ReturnType<typeof outcome> {
  if (mode === 'stripe' && !stripe) return { refused: true };
  const realMoney = [...(keyNames[key] ? [`${keyNames[key]} is set`] : []), ...(scheme === 'https' ? ['APP_URL is https'] : [])];
  const auto = mode === '(unset)' || mode === 'auto';
  const resolved = auto ? (stripe ? 'stripe' : realMoney.length > 0 ? 'off' : 'sandbox') : mode;
  const forcedSandbox = resolved === 'sandbox' && realMoney.length > 0;
  const autoTurnedOff = auto && resolved === 'off';
  return {
    mode: resolved,
    realMoney,
    adminsOnly: forcedSandbox,
    notice: forcedSandbox
      ? { level: 'error', namesWhy: true, saysSuperAdminsOnly: true, saysHowToEnableStripe: true }
      : autoTurnedOff
        ? { level: 'warn', namesWhy: true, saysSuperAdminsOnly: false, saysHowToEnableStripe: true }
        : null,
  };
}

describe('which checkout an installation gets: BILLING_MODE × paid AI key × APP_URL × Stripe key', () => {
  it.each(cases)('BILLING_MODE=$mode, paid key: $key, $scheme APP_URL, Stripe key: $stripe', (c) => {
    expect(outcome(envOf(c))).toEqual(expected(c));
  });

  it("the probe's installation (production, https, Segmind and BFL keys, no Stripe) gets no test checkout", () => {
    const billing = loadConfig({
      NODE_ENV: 'production',
      APP_URL: 'https://klipt.example.com',
      SEGMIND_API_KEY: 'sg_live_key',
      BFL_API_KEY: 'bfl_live_key',
    }).billing;
    expect(billing.mode).toBe('off');
    expect(billing.realMoney).toEqual(['SEGMIND_API_KEY is set', 'BFL_API_KEY is set', 'APP_URL is https']);
    // A local LLM without a key costs nothing: the test checkout stays.
    expect(loadConfig({ LLM_BASE_URL: 'http://localhost:11434/v1' }).billing.mode).toBe('sandbox');
  });
});

describe('BILLING_MODE=auto with a paid AI key', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { SEGMIND_API_KEY: 'sg_live_key' }, workers: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('hides purchasing, and the test checkout and portal routes refuse', async () => {
    const user = await person(ctx, 'auto-off@example.com');
    const call = callAs(ctx, user);
    expect((await ctx.app.server.inject({ url: '/api/settings' })).json<{ billingMode: string }>().billingMode).toBe('off');
    const checkout = await call('POST', '/api/billing/checkout', { planId: 'scale' });
    expect(checkout.statusCode).toBe(403);
    expect(checkout.json()).toMatchObject({ error: { message: billingMessages.billingOff } });
    await insertCheckout(ctx.database.db, {
      id: 'sbx_cs_left_over',
      userId: user.id,
      workspaceId: await personalWorkspaceId(ctx.database.db, user.id),
      planId: 'scale',
    });
    for (const [method, url, payload] of [
      ['GET', '/api/billing/sandbox/checkouts/sbx_cs_left_over', undefined],
      ['POST', '/api/billing/sandbox/checkouts/sbx_cs_left_over/pay', undefined],
      ['POST', '/api/billing/sandbox/checkouts/sbx_cs_left_over/cancel', undefined],
      ['POST', '/api/billing/sandbox/subscription', { action: 'renew' }],
    ] as const) {
      const res = await call(method, url, payload);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: { message: billingMessages.sandboxOnly } });
    }
    expect(await ctx.database.db.select().from(billingEvents)).toHaveLength(0);
    expect(await purchasesOf(ctx, user.id)).toHaveLength(0);
  });
});

describe('BILLING_MODE=sandbox set explicitly where real money can be spent', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { BILLING_MODE: 'sandbox', BFL_API_KEY: 'bfl_live_key' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('refuses every credit-granting action to a user who is not a super admin, changing nothing', async () => {
    const user = await person(ctx, 'not-admin@example.com');
    const call = callAs(ctx, user);
    // Nothing offers purchasing to them: the plan cards show only what the server grants.
    expect((await ctx.app.server.inject({ url: '/api/settings' })).json<{ billingMode: string }>().billingMode).toBe('off');
    expect((await call('GET', '/api/billing')).json<{ mode: string }>().mode).toBe('off');
    const start = await call('POST', '/api/billing/checkout', { planId: 'scale' });
    expect(start.statusCode).toBe(403);
    expect(start.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: billingMessages.testCheckoutAdminsOnly } });

    // A checkout and a plan that exist anyway (started before the installation got its keys).
    const workspaceId = await personalWorkspaceId(ctx.database.db, user.id);
    await insertCheckout(ctx.database.db, { id: 'sbx_cs_before_keys', userId: user.id, workspaceId, planId: 'scale' });
    const pay = await call('POST', '/api/billing/sandbox/checkouts/sbx_cs_before_keys/pay');
    expect(pay.statusCode).toBe(403);
    expect(pay.json()).toMatchObject({ error: { message: billingMessages.testCheckoutAdminsOnly } });
    const now = new Date();
    await ctx.database.db.insert(sandboxSubscriptions).values({
      id: 'sbx_sub_before_keys',
      userId: user.id,
      workspaceId,
      customerId: `sbx_cus_${user.id}`,
      planId: 'scale',
      status: 'active',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 24 * 3600 * 1000),
    });
    for (let i = 0; i < 3; i++) {
      const renew = await call('POST', '/api/billing/sandbox/subscription', { action: 'renew' });
      expect(renew.statusCode).toBe(403);
      expect(renew.json()).toMatchObject({ error: { message: billingMessages.testCheckoutAdminsOnly } });
    }
    expect(await ctx.database.db.select().from(billingEvents)).toHaveLength(0);
    expect(await purchasesOf(ctx, user.id)).toHaveLength(0);
    const [sub] = await ctx.database.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, 'sbx_sub_before_keys'));
    expect(sub?.currentPeriodStart).toEqual(now);

    // Actions that grant nothing stay open to the plan's owner.
    expect((await call('POST', '/api/billing/sandbox/subscription', { action: 'cancel' })).statusCode).toBe(200);
  });

  it('lets a super admin pay a test checkout and run a renewal', async () => {
    const admin = await person(ctx, 'operator@example.com', { superAdmin: true });
    const call = callAs(ctx, admin);
    expect((await call('GET', '/api/billing')).json<{ mode: string }>().mode).toBe('sandbox');
    const start = await call('POST', '/api/billing/checkout', { planId: 'starter' });
    expect(start.statusCode, start.body).toBe(200);
    const sessionId = new URL(start.json<{ url: string }>().url).pathname.split('/').at(-1)!;
    expect((await call('POST', `/api/billing/sandbox/checkouts/${sessionId}/pay`)).statusCode).toBe(200);
    expect((await call('POST', '/api/billing/sandbox/subscription', { action: 'renew' })).statusCode).toBe(200);
    await waitFor(() => billingEventsProcessed(ctx), { message: 'the test payments to be fulfilled' });
    expect((await purchasesOf(ctx, admin.id)).map((r) => r.amount)).toEqual([125, 125]);
  });
});
