import type { BillingConfig } from '../../config.ts';

export interface BillingStartNotice {
  level: 'warn' | 'error';
  message: string;
}

/**
 * What the start log says about payments when the configuration is not the plain case: the test
 * checkout turned on by name where real money can be spent (error: it grants credits without
 * payment), or `auto` that turned purchasing off for that reason (warn: how to take payments).
 */
export function billingStartNotice(billing: BillingConfig): BillingStartNotice | null {
  const why = billing.realMoney.join(', ');
  if (billing.testCheckoutAdminsOnly) {
    return {
      level: 'error',
      message:
        `billing: BILLING_MODE=sandbox: the built-in test checkout grants credits without payment, although real money ` +
        `can be spent on this installation (${why}). Only super admins may pay test checkouts and run renewals. ` +
        'Take real payments with Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_*) or set BILLING_MODE=off.',
    };
  }
  if (billing.requested === 'auto' && billing.mode === 'off' && billing.realMoney.length > 0) {
    return {
      level: 'warn',
      message:
        `billing: purchasing is off: real money can be spent on this installation (${why}), so the built-in test ` +
        'checkout is not offered. To take payments, set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and ' +
        'STRIPE_PRICE_STARTER|GROWTH|PRO|SCALE (docs/operations.md#payments).',
    };
  }
  return null;
}
