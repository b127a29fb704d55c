import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_PRICES, startStripeFake, stripeFakeEnv, type StripeFake } from '#test-fakes/stripe-fake.ts';
import { billingEventsProcessed, personalBalanceOf, purchasesOf, workspacePurchasesOf } from '#test-support/billing.ts';
import { readOutbox, waitForEmail } from '#test-support/mailbox.ts';
import { verifiedUser, userIdOf } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { waitFor } from '#test-support/wait-for.ts';
import { billingMessages, type BillingOverview, type CheckoutState } from '#contracts/billing.ts';
import { accessMessages } from '#contracts/contract.ts';
import { planById } from '#contracts/plans.ts';
import { activityLog, billingEvents, billingInvoices } from '../../db/schema/index.ts';
import { personalWorkspaceId } from '../workspaces/personal-repo.ts';

// postgres-pass: concurrency

let stripe: StripeFake;
let ctx: TestContext;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  ctx.app.server.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, ...(payload ? { payload } : {}) });

/** What Stripe's servers send: no Origin, the signed raw body. */
const deliver = (d: { body: string; signature: string | undefined }) =>
  ctx.app.server.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', ...(d.signature ? { 'stripe-signature': d.signature } : {}) },
    payload: d.body,
  });

const purchases = (userId: string) => purchasesOf(ctx, userId);

const allProcessed = () => billingEventsProcessed(ctx);

/** Signs up, starts a checkout for `plan` through Klipt, and lets the fake's buyer pay it. */
async function subscribe(email: string, plan: keyof typeof FAKE_PRICES = 'growth') {
  const cookie = await verifiedUser(ctx, email);
  const res = await call('POST', '/api/billing/checkout', cookie, { planId: plan });
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = /cs_test_[0-9a-f]+/.exec(res.json<{ url: string }>().url)![0];
  const { session, subscription } = stripe.completeCheckout(sessionId);
  return { cookie, userId: await userIdOf(ctx, email), sessionId, session, subscription, subscriptionId: String(subscription.id) };
}

beforeAll(async () => {
  stripe = await startStripeFake();
  ctx = await createTestContext({ env: stripeFakeEnv(stripe) });
});

afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

describe('checkout with Stripe', () => {
  it('creates a subscription-mode session for the plan price, with the user as client_reference_id, a reused customer and idempotency keys', async () => {
    const cookie = await verifiedUser(ctx, 'buyer@example.com');
    const userId = await userIdOf(ctx, 'buyer@example.com');
    const first = await call('POST', '/api/billing/checkout', cookie, { planId: 'growth' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ url: string }>().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

    const create = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    const form = new URLSearchParams(create.rawBody.toString());
    expect(form.get('mode')).toBe('subscription');
    expect(form.get('line_items[0][price]')).toBe(FAKE_PRICES.growth);
    expect(form.get('client_reference_id')).toBe(userId);
    expect(form.get('success_url')).toBe('http://localhost:3000/dashboard?session_id={CHECKOUT_SESSION_ID}');
    expect(form.get('cancel_url')).toBe('http://localhost:3000/buy-credits?checkout=canceled');
    expect(form.get('subscription_data[metadata][userId]')).toBe(userId);
    // Bought for the current workspace (the personal one here), kept by Stripe with the session and the subscription.
    const workspaceId = await personalWorkspaceId(ctx.database.db, userId);
    expect(form.get('metadata[workspace_id]')).toBe(workspaceId);
    expect(form.get('subscription_data[metadata][workspace_id]')).toBe(workspaceId);
    expect(create.headers['idempotency-key']).toMatch(new RegExp(`^checkout:${userId}:${FAKE_PRICES.growth}:`));
    const customer = form.get('customer');
    expect(customer).toMatch(/^cus_/);

    // A second checkout reuses the customer and expires the first session: one open checkout per user.
    const second = await call('POST', '/api/billing/checkout', cookie, { planId: 'pro' });
    expect(second.statusCode).toBe(200);
    const creates = stripe.requests.filter((r) => r.path === '/v1/customers');
    expect(creates).toHaveLength(1);
    expect(
      new URLSearchParams(
        stripe.requests
          .filter((r) => r.path === '/v1/checkout/sessions')
          .at(-1)!
          .rawBody.toString(),
      ).get('customer'),
    ).toBe(customer);
    const firstId = /cs_test_[0-9a-f]+/.exec(first.json<{ url: string }>().url)![0];
    expect(stripe.sessions.get(firstId)!.status).toBe('expired');
  });

  it("refuses an unknown plan with 'Invalid product' and a visitor with 'Failed to authenticate user', creating nothing", async () => {
    const cookie = await verifiedUser(ctx, 'wrong-plan@example.com');
    const before = stripe.requests.length;
    const bad = await call('POST', '/api/billing/checkout', cookie, { planId: 'platinum' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: billingMessages.invalidProduct } });
    const visitor = await call('POST', '/api/billing/checkout', '', { planId: 'growth' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json<{ error: { message: string } }>().error.message).toBe(billingMessages.authFailed);
    expect(stripe.requests.length).toBe(before);
    // Other endpoints keep the general wording.
    expect((await call('GET', '/api/billing', '')).json<{ error: { message: string } }>().error.message).toBe(
      accessMessages.signInRequired,
    );
  });

  it('answers 502 with a readable message when Stripe is down, and the user can try again', async () => {
    const cookie = await verifiedUser(ctx, 'outage@example.com');
    stripe.failNext(20);
    const res = await call('POST', '/api/billing/checkout', cookie, { planId: 'starter' });
    expect(res.statusCode).toBe(502);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(billingMessages.providerUnavailable);
    stripe.failNext(0);
    expect((await call('POST', '/api/billing/checkout', cookie, { planId: 'starter' })).statusCode).toBe(200);
  });
});

describe('Stripe webhooks', () => {
  it('grants a paid invoice exactly once: the same invoice.paid 100 times, concurrently, mixed with the subscription events', async () => {
    const { userId, cookie, sessionId, session, subscription, subscriptionId } = await subscribe('hundred@example.com');
    const before = await personalBalanceOf(ctx, userId);
    const invoice = stripe.invoice(subscriptionId, 'subscription_create');
    const paid = stripe.delivery('invoice.paid', invoice);
    const deliveries = [
      ...Array.from({ length: 100 }, () => paid),
      // The same invoice under its other event type, a different event id.
      stripe.delivery('invoice.payment_succeeded', invoice),
      stripe.delivery('customer.subscription.created', subscription),
      stripe.delivery('checkout.session.completed', session),
      stripe.delivery('customer.subscription.updated', subscription),
    ].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(deliveries.map(deliver));
    expect(answers.map((a) => a.statusCode)).toEqual(deliveries.map(() => 200));

    await waitFor(allProcessed, { message: 'billing events to be processed' });
    expect(await purchases(userId)).toHaveLength(1);
    expect(await personalBalanceOf(ctx, userId)).toBe(before + 500);
    const [row] = await purchases(userId);
    expect(row!.reference).toBe(`invoice:${String(invoice.id)}`);
    expect(row!.description).toMatch(/^Growth plan — [A-Z][a-z]+$/);
    expect(await ctx.database.db.select().from(billingEvents).where(eq(billingEvents.id, paid.eventId))).toHaveLength(1);

    // The success page's poll sees the credits; the plan shows as active with its renewal date.
    const state = (await call('GET', `/api/billing/checkouts/${sessionId}`, cookie)).json<CheckoutState>();
    expect(state).toMatchObject({ status: 'completed', credited: true, credits: 500, balance: before + 500 });
    const overview = (await call('GET', '/api/billing', cookie)).json<BillingOverview>();
    expect(overview.subscription).toMatchObject({ planId: 'growth', status: 'active', cancelAtPeriodEnd: false });
    expect(overview.subscription!.currentPeriodEnd).not.toBeNull();

    // A receipt and an activity entry, once. The receipt is its own queued job: wait for it.
    await waitForEmail(ctx.outboxDir, 'hundred@example.com', 'Your Klipt receipt');
    const receipts = (await readOutbox(ctx.outboxDir)).filter(
      (m) => m.to === 'hundred@example.com' && m.subject.startsWith('Your Klipt receipt'),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('500 credits were added');
    const activity = await ctx.database.db.select().from(activityLog).where(eq(activityLog.type, 'purchase'));
    expect(activity.filter((a) => (a.details as { userId?: string }).userId === userId)).toHaveLength(1);

    // A second checkout while subscribed is refused: one subscription per user.
    const again = await call('POST', '/api/billing/checkout', cookie, { planId: 'pro' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { message: string } }>().error.message).toBe(billingMessages.alreadySubscribed);
  });

  it('grants a renewal invoice a second time, and not a proration invoice of a plan change', async () => {
    const { userId, subscriptionId } = await subscribe('renews@example.com', 'starter');
    await deliver(stripe.delivery('invoice.paid', stripe.invoice(subscriptionId, 'subscription_create')));
    const next = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
    stripe.updateSubscription(subscriptionId, { period: [next, next + 30 * 24 * 3600] });
    await deliver(stripe.delivery('invoice.paid', stripe.invoice(subscriptionId, 'subscription_cycle')));
    await deliver(stripe.delivery('invoice.paid', stripe.invoice(subscriptionId, 'subscription_update')));
    await waitFor(allProcessed, { message: 'renewal to be processed' });
    const rows = await purchases(userId);
    expect(rows.map((r) => r.amount)).toEqual([125, 125]);
    expect(await ctx.database.db.select().from(billingInvoices).where(eq(billingInvoices.userId, userId))).toHaveLength(2);
    expect((await ctx.database.db.select().from(activityLog).where(eq(activityLog.type, 'renewal'))).length).toBeGreaterThanOrEqual(1);
  });

  it('follows the subscription as Stripe reports it: cancel at period end, past due after a failed payment, canceled after deletion; a canceled plan gets no more credits', async () => {
    const { userId, cookie, subscriptionId, subscription } = await subscribe('cancels@example.com', 'pro');
    await deliver(stripe.delivery('invoice.paid', stripe.invoice(subscriptionId, 'subscription_create')));
    await waitFor(allProcessed);

    stripe.updateSubscription(subscriptionId, { cancel_at_period_end: true });
    await deliver(stripe.delivery('customer.subscription.updated', subscription));
    await waitFor(allProcessed);
    expect((await call('GET', '/api/billing', cookie)).json<BillingOverview>().subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });

    stripe.updateSubscription(subscriptionId, { status: 'past_due', cancel_at_period_end: false });
    await deliver(stripe.delivery('invoice.payment_failed', stripe.invoice(subscriptionId, 'subscription_cycle', { status: 'open' })));
    await waitFor(allProcessed);
    expect((await call('GET', '/api/billing', cookie)).json<BillingOverview>().subscription).toMatchObject({ status: 'past_due' });
    expect((await ctx.database.db.select().from(activityLog).where(eq(activityLog.type, 'payment_failed'))).length).toBeGreaterThanOrEqual(
      1,
    );

    const endedAt = Math.floor(Date.now() / 1000) - 60;
    stripe.updateSubscription(subscriptionId, { status: 'canceled', ended_at: endedAt });
    // The deletion event carries a stale copy ("active"): Klipt re-reads the subscription instead.
    await deliver(stripe.delivery('customer.subscription.deleted', { ...subscription, status: 'active' }));
    await waitFor(allProcessed);
    expect((await call('GET', '/api/billing', cookie)).json<BillingOverview>().subscription).toMatchObject({ status: 'canceled' });
    expect(
      (await ctx.database.db.select().from(activityLog).where(eq(activityLog.type, 'subscription_canceled'))).length,
    ).toBeGreaterThanOrEqual(2);

    // An invoice issued after the end grants nothing.
    await deliver(stripe.delivery('invoice.paid', stripe.invoice(subscriptionId, 'subscription_cycle')));
    await waitFor(allProcessed);
    expect((await purchases(userId)).map((r) => r.amount)).toEqual([1500]);
    // Ended: the user may subscribe again.
    expect((await call('POST', '/api/billing/checkout', cookie, { planId: 'starter' })).statusCode).toBe(200);
  });

  it('refuses a bad, foreign or stale signature with 400 and changes nothing', async () => {
    const { userId, subscriptionId } = await subscribe('forged@example.com');
    const invoice = stripe.invoice(subscriptionId, 'subscription_create');
    const events = (await ctx.database.db.select().from(billingEvents)).length;
    const good = stripe.delivery('invoice.paid', invoice);
    const attempts = [
      { body: good.body, signature: undefined },
      { body: good.body, signature: 't=1,v1=deadbeef' },
      { body: good.body.replace('"paid"', '"paid" '), signature: good.signature },
      stripe.delivery('invoice.paid', invoice, { secret: 'whsec_someone_else' }),
      stripe.delivery('invoice.paid', invoice, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
    ];
    for (const attempt of attempts) {
      const res = await deliver(attempt);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: billingMessages.webhookInvalid } });
    }
    expect((await ctx.database.db.select().from(billingEvents)).length).toBe(events);
    expect(await purchases(userId)).toHaveLength(0);
    // A JSON body the route did not parse: other content types are refused before anything is read.
    const wrongType = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'text/plain', 'stripe-signature': good.signature },
      payload: good.body,
    });
    expect(wrongType.statusCode).toBe(415);
  });

  it('refuses an event signed more than 300 s in the future with 400 and records nothing', async () => {
    const { userId, subscriptionId } = await subscribe('future@example.com');
    const events = (await ctx.database.db.select().from(billingEvents)).length;
    const future = stripe.delivery('invoice.paid', stripe.invoice(subscriptionId, 'subscription_create'), {
      timestamp: Math.floor(Date.now() / 1000) + 400,
    });
    const res = await deliver(future);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: billingMessages.webhookInvalid } });
    expect((await ctx.database.db.select().from(billingEvents)).length).toBe(events);
    await waitFor(allProcessed);
    expect(await purchases(userId)).toHaveLength(0);
    // Clocks drift a little: a few seconds ahead is still fine.
    const ahead = stripe.delivery(
      'customer.subscription.updated',
      { id: subscriptionId },
      { timestamp: Math.floor(Date.now() / 1000) + 5 },
    );
    expect((await deliver(ahead)).statusCode).toBe(200);
  });

  it('refuses a signed event with an id that is not well-formed (a NUL, a space, too long) or missing with 400 and records nothing', async () => {
    const { userId, subscriptionId, subscription } = await subscribe('malformed@example.com');
    const invoice = stripe.invoice(subscriptionId, 'subscription_create');
    const events = (await ctx.database.db.select().from(billingEvents)).length;
    const line = (invoice.lines as { data: Array<Record<string, unknown>> }).data[0]!;
    const attempts = [
      stripe.delivery('invoice.paid', invoice, { eventId: 'evt_\u0000nul' }),
      stripe.delivery('invoice.paid', invoice, { eventId: `evt_${'x'.repeat(300)}` }),
      stripe.delivery('invoice.paid', { ...invoice, id: 'in_\u0000nul' }),
      stripe.delivery('invoice.paid', { ...invoice, customer: 'cus_with space' }),
      stripe.delivery('invoice.paid', { ...invoice, currency: 'us\u0000' }),
      stripe.delivery('invoice.paid', {
        ...invoice,
        lines: { data: [{ ...line, pricing: { type: 'price_details', price_details: { price: 'price_\u0000' } } }] },
      }),
      stripe.delivery('invoice.paid', { ...invoice, parent: { subscription_details: { subscription: 'sub_\u0000' } } }),
      stripe.delivery('customer.subscription.updated', { ...subscription, id: 'sub_\u0000nul' }),
      stripe.delivery('invoice.payment_failed', { ...invoice, status: 'open', id: 'in_\u0000' }),
      stripe.delivery('checkout.session.completed', {
        id: 'cs_test_ok',
        mode: 'subscription',
        client_reference_id: 'user\u0000',
        customer: 'cus_ok',
        subscription: subscriptionId,
      }),
      // Signed, of a type Klipt uses, without the fields that type has.
      stripe.delivery('customer.subscription.updated', {}),
      stripe.delivery('checkout.session.completed', undefined as unknown as Record<string, unknown>),
    ];
    for (const attempt of attempts) {
      const res = await deliver(attempt);
      expect(res.statusCode, attempt.body).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: billingMessages.webhookMalformed } });
    }
    expect((await ctx.database.db.select().from(billingEvents)).length).toBe(events);
    await waitFor(allProcessed);
    expect(await purchases(userId)).toHaveLength(0);
  });

  it('acknowledges events Klipt does not use without storing them', async () => {
    const res = await deliver(stripe.delivery('charge.refunded', { id: 'ch_1', object: 'charge' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
  });

  it('retries an event while Stripe cannot be read, then grants once', async () => {
    const { userId, subscriptionId } = await subscribe('retry@example.com', 'starter');
    stripe.failNext(3);
    await deliver(stripe.delivery('invoice.paid', stripe.invoice(subscriptionId, 'subscription_create')));
    await waitFor(async () => (await purchases(userId)).length === 1, { timeoutMs: 25_000, message: 'the grant after Stripe recovered' });
    expect(await personalBalanceOf(ctx, userId)).toBe(10 + 125);
  });
});

/** Stripe's clock moves the subscription to its next period (a renewal is due). */
function nextPeriod(subscriptionId: string) {
  const next = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
  stripe.updateSubscription(subscriptionId, { period: [next, next + 30 * 24 * 3600] });
}

describe('grants follow the invoice’s own line and amount, not the subscription’s plan when it is processed', () => {
  it('grants a $999 renewal processed after a downgrade 9,999 credits', async () => {
    const { userId, subscriptionId } = await subscribe('downgrader@example.com', 'scale');
    await deliver(stripe.delivery('invoice.paid', stripe.invoice(subscriptionId, 'subscription_create')));
    await waitFor(allProcessed);
    nextPeriod(subscriptionId);
    const renewal = stripe.invoice(subscriptionId, 'subscription_cycle');
    expect(renewal.amount_paid).toBe(99900);
    // The plan changes before the renewal's event is processed.
    stripe.updateSubscription(subscriptionId, { price: FAKE_PRICES.starter });
    await deliver(stripe.delivery('invoice.paid', renewal));
    await waitFor(allProcessed);
    const rows = await purchases(userId);
    expect(rows.map((r) => r.amount)).toEqual([9999, 9999]);
    expect(rows[1]!.description).toMatch(/^Scale plan — /);
    const [invoice] = await ctx.database.db
      .select()
      .from(billingInvoices)
      .where(eq(billingInvoices.id, String(renewal.id)));
    expect(invoice).toMatchObject({ planId: 'scale', credits: 9999, amountPaid: 99900 });
  });

  it('grants a $29 renewal processed after an upgrade 125 credits', async () => {
    const { userId, subscriptionId } = await subscribe('upgrader@example.com', 'starter');
    await deliver(stripe.delivery('invoice.paid', stripe.invoice(subscriptionId, 'subscription_create')));
    await waitFor(allProcessed);
    nextPeriod(subscriptionId);
    const renewal = stripe.invoice(subscriptionId, 'subscription_cycle');
    stripe.updateSubscription(subscriptionId, { price: FAKE_PRICES.scale });
    await deliver(stripe.delivery('invoice.paid', renewal));
    await waitFor(allProcessed);
    expect((await purchases(userId)).map((r) => r.amount)).toEqual([125, 125]);
  });

  it('grants nothing for a $0 invoice', async () => {
    const { userId, subscriptionId } = await subscribe('zero@example.com', 'growth');
    const free = stripe.invoice(subscriptionId, 'subscription_create', { amountPaid: 0 });
    expect((await deliver(stripe.delivery('invoice.paid', free))).statusCode).toBe(200);
    await waitFor(allProcessed);
    expect(await purchases(userId)).toHaveLength(0);
    expect(await ctx.database.db.select().from(billingInvoices).where(eq(billingInvoices.userId, userId))).toHaveLength(0);
  });

  it("grants a renewal paid from the customer's credit balance (nothing by card)", async () => {
    const { userId, subscriptionId } = await subscribe('balance@example.com', 'starter');
    const renewal = stripe.invoice(subscriptionId, 'subscription_cycle', { fromBalance: true });
    expect((await deliver(stripe.delivery('invoice.paid', renewal))).statusCode).toBe(200);
    await waitFor(allProcessed);
    expect((await purchases(userId)).map((r) => r.amount)).toEqual([planById('starter').credits]);
  });

  it('reads the plan line of an invoice in the shape of API versions before 2025-03-31 (line price.id)', async () => {
    const { userId, subscriptionId } = await subscribe('older-api@example.com', 'pro');
    await deliver(stripe.delivery('invoice.paid', stripe.invoice(subscriptionId, 'subscription_create', { shape: 'before-basil' })));
    await waitFor(allProcessed);
    expect((await purchases(userId)).map((r) => r.amount)).toEqual([1500]);
  });
});

describe('when Stripe does not answer', () => {
  let silent: StripeFake;
  let quick: TestContext;

  beforeAll(async () => {
    silent = await startStripeFake();
    quick = await createTestContext({ env: { ...stripeFakeEnv(silent), STRIPE_TIMEOUT_SECONDS: '1' }, workers: false });
  });

  afterAll(async () => {
    await quick?.close();
    await silent?.close();
  });

  it("answers 'Subscribe' with a clear message after one retry instead of waiting a minute, and works again once Stripe answers", async () => {
    const cookie = await verifiedUser(quick, 'patient@example.com');
    const pressSubscribe = () =>
      quick.app.server.inject({
        method: 'POST',
        url: '/api/billing/checkout',
        headers: { ...SAME_ORIGIN, cookie },
        payload: { planId: 'starter' },
      });
    silent.stopAnswering(true);
    const res = await pressSubscribe();
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: { code: 'PROVIDER_FAILED', message: billingMessages.providerTimeout } });
    // The first call was tried twice (one network retry) and nothing after it was attempted.
    expect(silent.requests.map((r) => r.path)).toEqual(['/v1/customers/search', '/v1/customers/search']);
    silent.stopAnswering(false);
    expect((await pressSubscribe()).statusCode).toBe(200);
  });
});

describe('customer portal', () => {
  it('opens a Stripe portal session for a subscriber, returning to Buy credits; 409 before any plan', async () => {
    const none = await verifiedUser(ctx, 'no-plan@example.com');
    const refused = await call('POST', '/api/billing/portal', none);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(billingMessages.noSubscription);

    const { cookie, subscriptionId } = await subscribe('portal@example.com');
    await deliver(stripe.delivery('invoice.paid', stripe.invoice(subscriptionId, 'subscription_create')));
    await waitFor(allProcessed);
    const res = await call('POST', '/api/billing/portal', cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ url: string }>().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const portal = new URLSearchParams(
      stripe.requests
        .filter((r) => r.path === '/v1/billing_portal/sessions')
        .at(-1)!
        .rawBody.toString(),
    );
    expect(portal.get('return_url')).toBe('http://localhost:3000/buy-credits');
    expect(portal.get('customer')).toMatch(/^cus_/);
  });

  it('keeps the sandbox endpoints closed in Stripe mode', async () => {
    const cookie = await verifiedUser(ctx, 'not-sandbox@example.com');
    const res = await call('POST', '/api/billing/sandbox/subscription', cookie, { action: 'renew' });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(billingMessages.sandboxOnly);
  });
});

describe('a Stripe subscription and its workspace', () => {
  it('reads the workspace back from the subscription metadata; moving it to a team rewrites the metadata and the next renewal grants there', async () => {
    const { userId, cookie, subscriptionId } = await subscribe('stripe-mover@example.com', 'growth');
    const personal = await personalWorkspaceId(ctx.database.db, userId);
    expect((stripe.subscriptions.get(subscriptionId)!.metadata as Record<string, string>).workspace_id).toBe(personal);
    await deliver(stripe.delivery('invoice.paid', stripe.invoice(subscriptionId, 'subscription_create')));
    await waitFor(allProcessed);
    expect(await workspacePurchasesOf(ctx, personal)).toHaveLength(1);

    const created = await call('POST', '/api/workspaces', cookie, { name: 'Stripe team' });
    const teamId = created.json<{ id: string }>().id;
    expect((await call('PUT', '/api/workspaces/current', cookie, { workspaceId: personal })).statusCode).toBe(200);
    const moved = await call('POST', '/api/billing/subscription/move', cookie, { workspaceId: teamId });
    expect(moved.statusCode, moved.body).toBe(200);
    const update = stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`).at(-1)!;
    expect(new URLSearchParams(update.rawBody.toString()).get('metadata[workspace_id]')).toBe(teamId);
    expect(update.headers['idempotency-key']).toBe(`move:${subscriptionId}:${teamId}`);
    expect((stripe.subscriptions.get(subscriptionId)!.metadata as Record<string, string>).workspace_id).toBe(teamId);

    await deliver(stripe.delivery('invoice.paid', stripe.invoice(subscriptionId, 'subscription_cycle')));
    await waitFor(allProcessed);
    expect((await workspacePurchasesOf(ctx, teamId)).map((r) => r.amount)).toEqual([500]);
    expect(await workspacePurchasesOf(ctx, personal)).toHaveLength(1);
  });
});
