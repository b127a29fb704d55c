import { describe, expect, it } from 'vitest';
import type { InvoicePlanLine, PaidInvoice, SubscriptionSnapshot } from '../../providers/payments/payment-provider.ts';
import { decideInvoiceGrant } from './grant-rule.ts';

const subscription: SubscriptionSnapshot = {
  id: 'sub_1',
  customerId: 'cus_1',
  userId: 'user-1',
  workspaceId: 'workspace-1',
  planId: 'growth',
  status: 'active',
  currentPeriodStart: new Date('2026-11-03T10:00:00Z'),
  currentPeriodEnd: new Date('2026-12-03T10:00:00Z'),
  cancelAtPeriodEnd: false,
  endedAt: null,
};

const growthLine: InvoicePlanLine = { price: 'price_growth', planId: 'growth', amount: 9900, currency: 'usd', proration: false };

const invoice: PaidInvoice = {
  id: 'in_1',
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  billingReason: 'subscription_create',
  amountPaid: 9900,
  currency: 'usd',
  periodStart: new Date('2026-11-03T10:00:00Z'),
  created: new Date('2026-11-03T10:00:05Z'),
  lines: [growthLine],
};

describe('decideInvoiceGrant', () => {
  it('grants the plan’s monthly credits for the first invoice, named after the plan and the month it pays for', () => {
    expect(decideInvoiceGrant(invoice, subscription)).toMatchObject({ grant: true, credits: 500, description: 'Growth plan — November' });
  });

  it('grants every renewal by the plan on its own line, whatever plan the subscription is on when it is processed', () => {
    const renewal = {
      ...invoice,
      id: 'in_2',
      billingReason: 'subscription_cycle',
      periodStart: new Date('2026-12-03T10:00:00Z'),
      amountPaid: 99900,
      lines: [{ price: 'price_scale', planId: 'scale' as const, amount: 99900, currency: 'usd', proration: false }],
    };
    // Issued at Scale, processed after a downgrade to Starter.
    expect(decideInvoiceGrant(renewal, { ...subscription, planId: 'starter' })).toMatchObject({
      grant: true,
      credits: 9999,
      description: 'Scale plan — December',
    });
    // Issued at Starter, processed after an upgrade to Scale.
    const starter = {
      ...renewal,
      amountPaid: 2900,
      lines: [{ ...growthLine, price: 'price_starter', planId: 'starter' as const, amount: 2900 }],
    };
    expect(decideInvoiceGrant(starter, { ...subscription, planId: 'scale' })).toMatchObject({ grant: true, credits: 125 });
  });

  it('grants the plan line beside proration lines of a plan change, and whatever discount or tax changed the amount paid', () => {
    const proration = { price: 'price_pro', planId: 'pro' as const, amount: -4500, currency: 'usd', proration: true };
    expect(decideInvoiceGrant({ ...invoice, lines: [proration, growthLine] }, subscription)).toMatchObject({ grant: true, credits: 500 });
    expect(decideInvoiceGrant({ ...invoice, amountPaid: 4950 }, subscription)).toMatchObject({ grant: true, credits: 500 });
    expect(decideInvoiceGrant({ ...invoice, amountPaid: 10890 }, subscription)).toMatchObject({ grant: true, credits: 500 });
  });

  it.each([
    ['nothing was paid', { amountPaid: 0 }],
    ['it was paid in another currency', { currency: 'eur' }],
    ['its line bills another amount than the plan', { lines: [{ ...growthLine, amount: 9800 }] }],
    ['its line bills in another currency', { lines: [{ ...growthLine, currency: 'eur' }] }],
    ['its price is no plan’s', { lines: [{ ...growthLine, price: 'price_other', planId: null }] }],
    ['it bills two plan periods', { lines: [growthLine, growthLine] }],
    ['it bills no plan period', { lines: [] }],
    ['it only prorates', { lines: [{ ...growthLine, proration: true }] }],
  ])('grants nothing, and says it is unexpected, when %s', (_, change) => {
    expect(decideInvoiceGrant({ ...invoice, ...change }, subscription)).toMatchObject({ grant: false, unexpected: true });
  });

  it.each(['subscription_update', 'manual', 'subscription_threshold', 'unknown'])('grants nothing for a %s invoice', (billingReason) => {
    expect(decideInvoiceGrant({ ...invoice, billingReason }, subscription).grant).toBe(false);
  });

  it('grants nothing without a known subscription', () => {
    expect(decideInvoiceGrant(invoice, null).grant).toBe(false);
    expect(decideInvoiceGrant(invoice, { ...subscription, id: 'sub_other' }).grant).toBe(false);
  });

  it('grants nothing for an invoice issued after the subscription ended, but still for one issued before', () => {
    const ended = { ...subscription, status: 'canceled' as const, endedAt: new Date('2026-11-20T00:00:00Z') };
    expect(decideInvoiceGrant({ ...invoice, created: new Date('2026-11-21T00:00:00Z') }, ended).grant).toBe(false);
    // A late delivery of the first invoice of a plan that has since ended: it was paid for.
    expect(decideInvoiceGrant(invoice, ended).grant).toBe(true);
  });
});
