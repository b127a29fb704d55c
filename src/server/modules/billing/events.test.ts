import { describe, expect, it } from 'vitest';
import { BillingEventSchema } from './events.ts';

const stored = {
  type: 'invoice.paid',
  invoice: {
    id: 'in_1',
    subscriptionId: 'sub_1',
    customerId: 'cus_1',
    billingReason: 'subscription_cycle',
    amountPaid: 99900,
    currency: 'usd',
    periodStart: '2026-12-03T10:00:00.000Z',
    created: '2026-12-03T10:00:05.000Z',
  },
};

describe('BillingEventSchema', () => {
  it('reads back a stored paid invoice with its lines and dates', () => {
    const line = { price: 'price_scale', planId: 'scale', amount: 99900, currency: 'usd', proration: false };
    expect(BillingEventSchema.parse({ ...stored, invoice: { ...stored.invoice, lines: [line] } })).toEqual({
      type: 'invoice.paid',
      invoice: {
        ...stored.invoice,
        periodStart: new Date(stored.invoice.periodStart),
        created: new Date(stored.invoice.created),
        lines: [line],
      },
    });
  });

  it('reads an invoice stored before invoices carried their lines as the plan whose price was paid exactly, or as no plan', () => {
    expect(BillingEventSchema.parse(stored)).toMatchObject({
      invoice: { lines: [{ price: null, planId: 'scale', amount: 99900, currency: 'usd', proration: false }] },
    });
    // Tax, a discount or another currency: no plan's price, so it grants nothing (and says so in the log).
    for (const paid of [{ amountPaid: 108_900 }, { amountPaid: 0 }, { currency: 'eur' }]) {
      expect(BillingEventSchema.parse({ ...stored, invoice: { ...stored.invoice, ...paid } })).toMatchObject({ invoice: { lines: [] } });
    }
  });
});
