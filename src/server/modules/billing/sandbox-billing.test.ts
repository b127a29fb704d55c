import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEventsProcessed, personalBalanceOf, purchasesOf } from '#test-support/billing.ts';
import { waitForEmail } from '#test-support/mailbox.ts';
import { verifiedUser, userIdOf } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, TEST_APP_URL, type TestContext } from '#test-support/test-app.ts';
import { waitFor } from '#test-support/wait-for.ts';
import { billingMessages, type BillingOverview, type CheckoutState, type SandboxCheckout } from '#contracts/billing.ts';
import { activityLog, billingInvoices, sandboxSubscriptions } from '../../db/schema/index.ts';
import { processBillingEventJob } from './jobs.ts';
import { personalWorkspaceId } from '../workspaces/personal-repo.ts';

// postgres-pass: same

let ctx: TestContext;

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  ctx.app.server.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, ...(payload ? { payload } : {}) });

const purchases = (userId: string) => purchasesOf(ctx, userId);

const allProcessed = () => billingEventsProcessed(ctx);

const overview = async (cookie: string) => (await call('GET', '/api/billing', cookie)).json<BillingOverview>();

async function startCheckout(cookie: string, planId: string) {
  const res = await call('POST', '/api/billing/checkout', cookie, { planId });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json<{ url: string }>().url);
  const sessionId = url.pathname.split('/').at(-1)!;
  return { url, sessionId };
}

/** A user who signed up and paid the sandbox checkout of `planId`, with the grant processed. */
async function subscriber(email: string, planId = 'growth') {
  const cookie = await verifiedUser(ctx, email);
  const { sessionId } = await startCheckout(cookie, planId);
  const paid = await call('POST', `/api/billing/sandbox/checkouts/${sessionId}/pay`, cookie);
  expect(paid.statusCode, paid.body).toBe(200);
  await waitFor(allProcessed, { message: 'the sandbox payment to be fulfilled' });
  return { cookie, sessionId, userId: await userIdOf(ctx, email) };
}

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

describe('sandbox checkout', () => {
  it('leads to Klipt’s own test checkout; paying it credits the plan once through the paid-invoice fulfilment', async () => {
    const cookie = await verifiedUser(ctx, 'sandbox@example.com');
    const userId = await userIdOf(ctx, 'sandbox@example.com');
    const before = await personalBalanceOf(ctx, userId);

    const { url, sessionId } = await startCheckout(cookie, 'growth');
    expect(url.origin).toBe(TEST_APP_URL);
    expect(url.pathname).toBe(`/billing/sandbox/checkout/${sessionId}`);
    const page = (await call('GET', `/api/billing/sandbox/checkouts/${sessionId}`, cookie)).json<SandboxCheckout>();
    expect(page).toMatchObject({ id: sessionId, planId: 'growth', status: 'open', email: 'sandbox@example.com' });

    const pending = (await call('GET', `/api/billing/checkouts/${sessionId}`, cookie)).json<CheckoutState>();
    expect(pending).toMatchObject({ status: 'open', credited: false, credits: 500 });

    const paid = await call('POST', `/api/billing/sandbox/checkouts/${sessionId}/pay`, cookie);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<{ url: string }>().url).toBe(`${TEST_APP_URL}/dashboard?session_id=${sessionId}`);

    // What the dashboard polls until the credits are there.
    await waitFor(async () => (await call('GET', `/api/billing/checkouts/${sessionId}`, cookie)).json<CheckoutState>().credited);
    const done = (await call('GET', `/api/billing/checkouts/${sessionId}`, cookie)).json<CheckoutState>();
    expect(done).toMatchObject({ status: 'completed', credited: true, balance: before + 500 });

    const rows = await purchases(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 500, reference: expect.stringMatching(/^invoice:sbx_in_/) });
    expect(rows[0]!.description).toMatch(/^Growth plan — [A-Z][a-z]+$/);
    const [invoice] = await ctx.database.db.select().from(billingInvoices).where(eq(billingInvoices.userId, userId));
    expect(invoice).toMatchObject({ planId: 'growth', credits: 500, amountPaid: 9900, billingReason: 'subscription_create' });

    const subscription = (await overview(cookie)).subscription;
    expect(subscription).toMatchObject({ planId: 'growth', status: 'active', cancelAtPeriodEnd: false });
    const renewsIn = new Date(subscription!.currentPeriodEnd!).getTime() - Date.now();
    expect(renewsIn).toBeGreaterThan(27 * 24 * 3600 * 1000);

    const receipt = await waitForEmail(ctx.outboxDir, 'sandbox@example.com', 'Your Klipt receipt: 500 credits');
    expect(receipt.text).toContain('$99.00');
    const activity = await ctx.database.db.select().from(activityLog).where(eq(activityLog.type, 'purchase'));
    expect(activity.map((a) => a.message)).toContainEqual(expect.stringContaining('sandbox@example.com'));

    // Paying twice (a double click, a second tab) changes nothing.
    const again = await call('POST', `/api/billing/sandbox/checkouts/${sessionId}/pay`, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { message: billingMessages.checkoutClosed } });
    await waitFor(allProcessed);
    expect(await purchases(userId)).toHaveLength(1);
  });

  it('pays one of two concurrent checkouts: never two plans for one user', async () => {
    const cookie = await verifiedUser(ctx, 'twotabs@example.com');
    const userId = await userIdOf(ctx, 'twotabs@example.com');
    const first = await startCheckout(cookie, 'starter');
    const second = await startCheckout(cookie, 'pro');
    // Starting the second expired the first.
    const stale = await call('POST', `/api/billing/sandbox/checkouts/${first.sessionId}/pay`, cookie);
    expect(stale.statusCode).toBe(409);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', `/api/billing/sandbox/checkouts/${second.sessionId}/pay`, cookie)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    await waitFor(allProcessed);
    expect(await ctx.database.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.userId, userId))).toHaveLength(1);
    expect((await purchases(userId)).map((r) => r.amount)).toEqual([1500]);

    const another = await call('POST', '/api/billing/checkout', cookie, { planId: 'scale' });
    expect(another.statusCode).toBe(409);
    expect(another.json()).toMatchObject({ error: { message: billingMessages.alreadySubscribed } });
  });

  it('cancel returns to Buy credits and closes the checkout without credits', async () => {
    const cookie = await verifiedUser(ctx, 'changed-mind@example.com');
    const userId = await userIdOf(ctx, 'changed-mind@example.com');
    const { sessionId } = await startCheckout(cookie, 'starter');
    const res = await call('POST', `/api/billing/sandbox/checkouts/${sessionId}/cancel`, cookie);
    expect(res.json<{ url: string }>().url).toBe(`${TEST_APP_URL}/buy-credits?checkout=canceled`);
    expect((await call('GET', `/api/billing/checkouts/${sessionId}`, cookie)).json<CheckoutState>()).toMatchObject({
      status: 'canceled',
      credited: false,
    });
    expect((await call('POST', `/api/billing/sandbox/checkouts/${sessionId}/pay`, cookie)).statusCode).toBe(409);
    expect(await purchases(userId)).toHaveLength(0);
    expect((await overview(cookie)).subscription).toBeNull();
  });

  it('keeps one user’s checkout from another: 404 for a stranger, a made-up or a Stripe-looking id', async () => {
    const owner = await verifiedUser(ctx, 'owner-checkout@example.com');
    const stranger = await verifiedUser(ctx, 'stranger-checkout@example.com');
    const { sessionId } = await startCheckout(owner, 'starter');
    for (const [cookie, id] of [
      [stranger, sessionId],
      [owner, 'sbx_cs_made_up'],
      [owner, 'cs_test_123'],
    ] as const) {
      for (const res of [
        await call('GET', `/api/billing/sandbox/checkouts/${id}`, cookie),
        await call('POST', `/api/billing/sandbox/checkouts/${id}/pay`, cookie),
        await call('POST', `/api/billing/sandbox/checkouts/${id}/cancel`, cookie),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ error: { message: billingMessages.checkoutNotFound } });
      }
    }
    expect((await call('GET', `/api/billing/checkouts/${sessionId}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/billing/sandbox/checkouts/${sessionId}`, owner)).json<SandboxCheckout>().status).toBe('open');
  });

  it('refuses an unknown plan and a visitor with the spec’s messages', async () => {
    const cookie = await verifiedUser(ctx, 'typo@example.com');
    const bad = await call('POST', '/api/billing/checkout', cookie, { planId: 'platinum' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { message: billingMessages.invalidProduct } });
    const visitor = await call('POST', '/api/billing/checkout', '', { planId: 'growth' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ error: { message: billingMessages.authFailed } });
  });
});

describe('sandbox portal', () => {
  it('renews through the same fulfilment: a second grant per renewal, one receipt each', async () => {
    const { cookie, userId } = await subscriber('renewer@example.com', 'starter');
    const renewed = await call('POST', '/api/billing/sandbox/subscription', cookie, { action: 'renew' });
    expect(renewed.statusCode, renewed.body).toBe(200);
    await waitFor(allProcessed);
    expect(await ctx.services.sandboxBilling!.renewByEmail('RENEWER@example.com')).toBe(await personalWorkspaceId(ctx.database.db, userId));
    await waitFor(allProcessed);
    expect((await purchases(userId)).map((r) => r.amount)).toEqual([125, 125, 125]);
    const renewals = await ctx.database.db.select().from(activityLog).where(eq(activityLog.type, 'renewal'));
    expect(renewals.filter((a) => a.message.includes('renewer@example.com'))).toHaveLength(2);
    expect(await ctx.services.sandboxBilling!.renewByEmail('nobody@example.com')).toBeNull();
  });

  it('changes the plan: the next renewal grants the new plan’s credits', async () => {
    const { cookie, userId } = await subscriber('upgrader@example.com', 'starter');
    const changed = await call('POST', '/api/billing/sandbox/subscription', cookie, { action: 'change_plan', planId: 'pro' });
    expect(changed.json<BillingOverview>().subscription).toMatchObject({ planId: 'pro', status: 'active' });
    const same = await call('POST', '/api/billing/sandbox/subscription', cookie, { action: 'change_plan', planId: 'pro' });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({ error: { message: billingMessages.samePlan } });
    await waitFor(allProcessed);
    expect((await overview(cookie)).subscription).toMatchObject({ planId: 'pro' });
    await call('POST', '/api/billing/sandbox/subscription', cookie, { action: 'renew' });
    await waitFor(allProcessed);
    expect((await purchases(userId)).map((r) => r.amount)).toEqual([125, 1500]);
    const changes = await ctx.database.db.select().from(activityLog).where(eq(activityLog.type, 'subscription_changed'));
    expect(changes.map((a) => a.message)).toContainEqual(expect.stringContaining('changed from Starter to Pro'));
  });

  it('cancels at period end, resumes, and once canceled the plan ends at renewal with no more credits', async () => {
    const { cookie, userId } = await subscriber('leaver@example.com', 'growth');
    const canceled = await call('POST', '/api/billing/sandbox/subscription', cookie, { action: 'cancel' });
    expect(canceled.json<BillingOverview>().subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const resumed = await call('POST', '/api/billing/sandbox/subscription', cookie, { action: 'resume' });
    expect(resumed.json<BillingOverview>().subscription).toMatchObject({ cancelAtPeriodEnd: false });
    await call('POST', '/api/billing/sandbox/subscription', cookie, { action: 'cancel' });
    await waitFor(allProcessed);

    // The period ends instead of renewing.
    await call('POST', '/api/billing/sandbox/subscription', cookie, { action: 'renew' });
    await waitFor(allProcessed);
    expect((await overview(cookie)).subscription).toMatchObject({ planId: 'growth', status: 'canceled' });
    expect((await purchases(userId)).map((r) => r.amount)).toEqual([500]);
    const ended = await ctx.database.db.select().from(activityLog).where(eq(activityLog.type, 'subscription_canceled'));
    expect(ended.map((a) => a.message)).toContainEqual("leaver@example.com's Growth plan ended");

    // Nothing left to manage, renew or cancel; a new plan may be chosen.
    for (const action of ['renew', 'cancel'] as const) {
      const res = await call('POST', '/api/billing/sandbox/subscription', cookie, { action });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { message: billingMessages.noSubscription } });
    }
    expect(await ctx.services.sandboxBilling!.renewByEmail('leaver@example.com')).toBeNull();
    expect((await call('POST', '/api/billing/checkout', cookie, { planId: 'starter' })).statusCode).toBe(200);
  });

  it('opens the sandbox portal for a subscriber and answers 409 before any plan', async () => {
    const fresh = await verifiedUser(ctx, 'no-plan@example.com');
    const none = await call('POST', '/api/billing/portal', fresh);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ error: { message: billingMessages.noSubscription } });
    expect((await call('POST', '/api/billing/sandbox/subscription', fresh, { action: 'cancel' })).statusCode).toBe(409);

    const { cookie } = await subscriber('portal-user@example.com');
    expect((await call('POST', '/api/billing/portal', cookie)).json<{ url: string }>().url).toBe(`${TEST_APP_URL}/billing/sandbox/portal`);
  });

  it('validates portal actions', async () => {
    const { cookie } = await subscriber('validator@example.com');
    for (const payload of [{ action: 'refund' }, { action: 'change_plan' }, { action: 'change_plan', planId: 'platinum' }]) {
      const res = await call('POST', '/api/billing/sandbox/subscription', cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await overview(cookie)).subscription).toMatchObject({ planId: 'growth', status: 'active', cancelAtPeriodEnd: false });
  });
});

describe('sandbox invoices', () => {
  let queued: TestContext;
  beforeAll(async () => {
    // No workers: events wait in the queue until the test runs them, as after a slow or restarted worker.
    queued = await createTestContext({ workers: false });
  });
  afterAll(async () => {
    await queued?.close();
  });

  it('carry their own line: a payment and a renewal are granted at the plan they were issued for, even after a plan change', async () => {
    const cookie = await verifiedUser(queued, 'late-worker@example.com');
    const userId = await userIdOf(queued, 'late-worker@example.com');
    const inject = (url: string, payload?: object) =>
      queued.app.server.inject({ method: 'POST', url, headers: { ...SAME_ORIGIN, cookie }, ...(payload ? { payload } : {}) });
    const checkout = await inject('/api/billing/checkout', { planId: 'starter' });
    const sessionId = new URL(checkout.json<{ url: string }>().url).pathname.split('/').at(-1)!;
    expect((await inject(`/api/billing/sandbox/checkouts/${sessionId}/pay`)).statusCode).toBe(200);
    expect((await inject('/api/billing/sandbox/subscription', { action: 'renew' })).statusCode).toBe(200);
    expect((await inject('/api/billing/sandbox/subscription', { action: 'change_plan', planId: 'scale' })).statusCode).toBe(200);

    await queued.runQueued([processBillingEventJob.name]);
    expect((await purchasesOf(queued, userId)).map((r) => r.amount)).toEqual([125, 125]);
    const invoices = await queued.database.db.select().from(billingInvoices).where(eq(billingInvoices.userId, userId));
    expect(invoices.map((i) => [i.planId, i.amountPaid])).toEqual([
      ['starter', 2900],
      ['starter', 2900],
    ]);
  });
});

describe('BILLING_MODE=off', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestContext({ env: { BILLING_MODE: 'off' }, workers: false });
  });
  afterAll(async () => {
    await off?.close();
  });

  it('hides purchasing: the settings say so and checkout, portal and the sandbox refuse', async () => {
    const cookie = await verifiedUser(off, 'no-shop@example.com');
    const settings = (await off.app.server.inject({ url: '/api/settings' })).json<{ billingMode: string }>();
    expect(settings.billingMode).toBe('off');
    const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
      off.app.server.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, ...(payload ? { payload } : {}) });
    expect((await inject('GET', '/api/billing')).json<BillingOverview>()).toEqual({ mode: 'off', subscription: null });
    for (const res of [await inject('POST', '/api/billing/checkout', { planId: 'growth' }), await inject('POST', '/api/billing/portal')]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { message: billingMessages.billingOff } });
    }
    const sandbox = await inject('POST', '/api/billing/sandbox/subscription', { action: 'renew' });
    expect(sandbox.statusCode).toBe(404);
    expect(sandbox.json()).toMatchObject({ error: { message: billingMessages.sandboxOnly } });
  });
});
