import { describe, expect, it } from 'vitest';
import type { PaidInvoice, SubscriptionSnapshot } from '../../providers/payments/payment-provider.ts';
import { decideInvoiceGrant } from './grant-rule.ts';

const subscription: SubscriptionSnapshot = {
  id: 'sub_1',
  customerId: 'cus_1',
  userId: 'user-1',
  planId: 'growth',
  status: 'active',
  currentPeriodStart: new Date('2026-11-03T10:00:00Z'),
  currentPeriodEnd: new Date('2026-12-03T10:00:00Z'),
  cancelAtPeriodEnd: false,
  endedAt: null,
};

const invoice: PaidInvoice = {
  id: 'in_1',
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  billingReason: 'subscription_create',
  amountPaid: 9900,
  currency: 'usd',
  periodStart: new Date('2026-11-03T10:00:00Z'),
  created: new Date('2026-11-03T10:00:05Z'),
};

describe('decideInvoiceGrant', () => {
  it('grants the plan’s monthly credits for the first invoice, named after the plan and the month it pays for', () => {
    expect(decideInvoiceGrant(invoice, subscription)).toMatchObject({ grant: true, credits: 500, description: 'Growth plan — November' });
  });

  it('grants every renewal, by the plan the subscription is on now', () => {
    const renewal = { ...invoice, id: 'in_2', billingReason: 'subscription_cycle', periodStart: new Date('2026-12-03T10:00:00Z') };
    expect(decideInvoiceGrant(renewal, { ...subscription, planId: 'scale' })).toMatchObject({
      grant: true,
      credits: 9999,
      description: 'Scale plan — December',
    });
  });

  it.each(['subscription_update', 'manual', 'subscription_threshold', 'unknown'])('grants nothing for a %s invoice', (billingReason) => {
    expect(decideInvoiceGrant({ ...invoice, billingReason }, subscription).grant).toBe(false);
  });

  it('grants nothing without a known subscription or a Klipt plan', () => {
    expect(decideInvoiceGrant(invoice, null).grant).toBe(false);
    expect(decideInvoiceGrant(invoice, { ...subscription, id: 'sub_other' }).grant).toBe(false);
    expect(decideInvoiceGrant(invoice, { ...subscription, planId: null }).grant).toBe(false);
  });

  it('grants nothing for an invoice issued after the subscription ended, but still for one issued before', () => {
    const ended = { ...subscription, status: 'canceled' as const, endedAt: new Date('2026-11-20T00:00:00Z') };
    expect(decideInvoiceGrant({ ...invoice, created: new Date('2026-11-21T00:00:00Z') }, ended).grant).toBe(false);
    // A late delivery of the first invoice of a plan that has since ended: it was paid for.
    expect(decideInvoiceGrant(invoice, ended).grant).toBe(true);
  });
});
