import { Stripe } from 'stripe';
import { describe, expect, it } from 'vitest';
import { toBillingEvent, verifyStripeWebhook, WebhookSignatureError } from './stripe-events.ts';

const secret = 'whsec_unit_test';

const event = (type: string, object: Record<string, unknown>) =>
  ({ id: 'evt_1', object: 'event', type, data: { object } }) as unknown as Stripe.Event;

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
  lines: { data: [{ period: { start: 1_764_100_000, end: 1_766_700_000 } }] },
};

describe('toBillingEvent', () => {
  it('reads a paid invoice of the current API version: subscription from its parent, period from its lines', () => {
    expect(toBillingEvent(event('invoice.paid', paidInvoice))).toEqual({
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
      },
    });
  });

  it('ignores invoices that are not paid or not of a subscription', () => {
    expect(toBillingEvent(event('invoice.paid', { ...paidInvoice, status: 'open' }))).toBeNull();
    expect(toBillingEvent(event('invoice.paid', { ...paidInvoice, parent: null }))).toBeNull();
  });

  it('links a completed subscription checkout to its user, and ignores one-off payments', () => {
    const session = { id: 'cs_1', mode: 'subscription', client_reference_id: 'user-1', customer: { id: 'cus_1' }, subscription: 'sub_1' };
    expect(toBillingEvent(event('checkout.session.completed', session))).toEqual({
      type: 'checkout.completed',
      sessionId: 'cs_1',
      userId: 'user-1',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
    });
    expect(toBillingEvent(event('checkout.session.completed', { ...session, mode: 'payment', subscription: null }))).toBeNull();
  });

  it('turns subscription events and failed payments into a re-read of the subscription', () => {
    for (const type of ['customer.subscription.updated', 'customer.subscription.deleted', 'customer.subscription.created']) {
      expect(toBillingEvent(event(type, { id: 'sub_9' }))).toEqual({ type: 'subscription.changed', subscriptionId: 'sub_9' });
    }
    expect(toBillingEvent(event('invoice.payment_failed', { ...paidInvoice, status: 'open' }))).toEqual({
      type: 'invoice.payment_failed',
      invoiceId: 'in_1',
      subscriptionId: 'sub_1',
    });
    expect(toBillingEvent(event('charge.refunded', { id: 'ch_1' }))).toBeNull();
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

  it('returns the event for the exact signed bytes', () => {
    expect(verifyStripeWebhook(Buffer.from(body), header(body), secret).id).toBe('evt_1');
  });

  it('refuses a missing, foreign, stale or mismatched signature', () => {
    const stale = Math.floor(Date.now() / 1000) - 301;
    for (const signature of [
      undefined,
      't=1,v1=00',
      header(body, { secret: 'whsec_other' }),
      header(body, { timestamp: stale }),
      header(`${body} `),
    ]) {
      expect(() => verifyStripeWebhook(Buffer.from(body), signature, secret)).toThrow(WebhookSignatureError);
    }
  });
});
