import { Stripe } from 'stripe';
import { describe, expect, it } from 'vitest';
import { toBillingEvent, verifyStripeWebhook, WebhookSignatureError } from './stripe-events.ts';

const secret = 'whsec_unit_test';

const event = (type: string, object: Record<string, unknown>) =>
  ({ id: 'evt_1', object: 'event', type, data: { object } }) as unknown as Stripe.Event;

const prices = { starter: 'price_starter', growth: 'price_growth', pro: 'price_pro', scale: 'price_scale' };

const period = { start: 1_764_100_000, end: 1_766_700_000 };

/** A subscription line of the current API version (2025-03-31 basil and later). */
const line = (price: string, options: { amount?: number; proration?: boolean; subscription?: string } = {}) => ({
  object: 'line_item',
  amount: options.amount ?? 2900,
  currency: 'usd',
  period,
  pricing: { type: 'price_details', price_details: { price, product: 'prod_1' } },
  parent: {
    type: 'subscription_item_details',
    subscription_item_details: { subscription: options.subscription ?? 'sub_1', proration: options.proration ?? false },
  },
});

const paidInvoice = {
  id: 'in_1',
  object: 'invoice',
  status: 'paid',
  customer: 'cus_1',
  billing_reason: 'subscription_cycle',
  amount_paid: 2900,
  currency: 'usd',
  created: 1_764_000_000,
  parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } },
  lines: { data: [line('price_starter')] },
};

const starterLine = { price: 'price_starter', planId: 'starter', amount: 2900, currency: 'usd', proration: false };

describe('toBillingEvent', () => {
  it('reads a paid invoice of the current API version: subscription from its parent, period from its lines', () => {
    expect(toBillingEvent(event('invoice.paid', paidInvoice), prices)).toEqual({
      type: 'invoice.paid',
      invoice: {
        id: 'in_1',
        subscriptionId: 'sub_1',
        customerId: 'cus_1',
        billingReason: 'subscription_cycle',
        amountPaid: 2900,
        currency: 'usd',
        periodStart: new Date(1_764_100_000 * 1000),
        created: new Date(1_764_000_000 * 1000),
        lines: [starterLine],
      },
    });
  });

  it('keeps each subscription line with the price it was issued at, its amount and whether it prorates; other lines are left out', () => {
    const invoice = {
      ...paidInvoice,
      lines: {
        data: [
          line('price_scale', { amount: -50_000, proration: true }),
          line('price_starter'),
          line('price_unknown', { amount: 1234 }),
          line('price_growth', { subscription: 'sub_other' }),
          { object: 'line_item', amount: 500, currency: 'usd', period, pricing: null, parent: { type: 'invoice_item_details' } },
        ],
      },
    };
    expect(toBillingEvent(event('invoice.paid', invoice), prices)).toMatchObject({
      invoice: {
        lines: [
          { price: 'price_scale', planId: 'scale', amount: -50_000, currency: 'usd', proration: true },
          starterLine,
          { price: 'price_unknown', planId: null, amount: 1234, currency: 'usd', proration: false },
        ],
      },
    });
  });

  it('reads invoices of API versions before 2025-03-31: the subscription on the invoice, the line’s price.id and proration', () => {
    const subscriptionLine = { object: 'line_item', type: 'subscription', subscription: 'sub_1', amount: 2900, currency: 'usd', period };
    const before = {
      ...paidInvoice,
      parent: undefined,
      subscription: 'sub_1',
      lines: {
        data: [
          { ...subscriptionLine, price: { id: 'price_starter' }, proration: false },
          { ...subscriptionLine, price: { id: 'price_pro' }, proration: true, amount: -1000 },
          { ...subscriptionLine, type: 'invoiceitem', subscription: null, price: { id: 'price_starter' }, proration: false },
        ],
      },
    };
    expect(toBillingEvent(event('invoice.paid', before), prices)).toMatchObject({
      invoice: {
        subscriptionId: 'sub_1',
        lines: [starterLine, { price: 'price_pro', planId: 'pro', amount: -1000, currency: 'usd', proration: true }],
      },
    });
  });

  it('ignores invoices that are not paid or not of a subscription', () => {
    expect(toBillingEvent(event('invoice.paid', { ...paidInvoice, status: 'open' }), prices)).toBeNull();
    expect(toBillingEvent(event('invoice.paid', { ...paidInvoice, parent: null }), prices)).toBeNull();
  });

  it('links a completed subscription checkout to its user, and ignores one-off payments', () => {
    const session = { id: 'cs_1', mode: 'subscription', client_reference_id: 'user-1', customer: { id: 'cus_1' }, subscription: 'sub_1' };
    expect(toBillingEvent(event('checkout.session.completed', session), prices)).toEqual({
      type: 'checkout.completed',
      sessionId: 'cs_1',
      userId: 'user-1',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
    });
    expect(toBillingEvent(event('checkout.session.completed', { ...session, mode: 'payment', subscription: null }), prices)).toBeNull();
  });

  it('turns subscription events and failed payments into a re-read of the subscription', () => {
    for (const type of ['customer.subscription.updated', 'customer.subscription.deleted', 'customer.subscription.created']) {
      expect(toBillingEvent(event(type, { id: 'sub_9' }), prices)).toEqual({ type: 'subscription.changed', subscriptionId: 'sub_9' });
    }
    expect(toBillingEvent(event('invoice.payment_failed', { ...paidInvoice, status: 'open' }), prices)).toEqual({
      type: 'invoice.payment_failed',
      invoiceId: 'in_1',
      subscriptionId: 'sub_1',
    });
    expect(toBillingEvent(event('charge.refunded', { id: 'ch_1' }), prices)).toBeNull();
  });
});

const header = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? secret,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });

describe('verifyStripeWebhook', () => {
  const body = JSON.stringify(event('invoice.paid', paidInvoice));

  it('returns the event for the exact signed bytes, signed up to 300 s before or after now', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await verifyStripeWebhook(Buffer.from(body), header(body), secret)).id).toBe('evt_1');
    expect((await verifyStripeWebhook(Buffer.from(body), header(body, { timestamp: now - 250 }), secret)).id).toBe('evt_1');
    expect((await verifyStripeWebhook(Buffer.from(body), header(body, { timestamp: now + 250 }), secret)).id).toBe('evt_1');
  });

  it('refuses a missing, foreign, stale, future or mismatched signature', async () => {
    const now = Math.floor(Date.now() / 1000);
    const stale = now - 301;
    for (const signature of [
      undefined,
      't=1,v1=00',
      header(body, { secret: 'whsec_other' }),
      header(body, { timestamp: stale }),
      header(body, { timestamp: now + 400 }),
      header(body, { timestamp: now + 301 }),
      header(`${body} `),
    ]) {
      await expect(verifyStripeWebhook(Buffer.from(body), signature, secret)).rejects.toThrow(WebhookSignatureError);
    }
  });
});
