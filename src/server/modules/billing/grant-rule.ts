import { planById, type Plan, type PlanId } from '#contracts/plans.ts';
import type { PaidInvoice, SubscriptionSnapshot } from '../../providers/payments/payment-provider.ts';

/** Invoices that pay for a plan period: the first one and every renewal (not prorations of a plan change). */
export const grantingBillingReasons: readonly string[] = ['subscription_create', 'subscription_cycle'];

/** `unexpected`: money may have been paid for no credits (a price or amount that is no plan's); the log warns. */
export type GrantDecision =
  { grant: true; plan: Plan; credits: number; description: string } | { grant: false; reason: string; unexpected?: boolean };

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });

/** What a plan's monthly invoice line bills: its price in US cents (src/contracts/plans.ts). */
export function planCharge(planId: PlanId): { amount: number; currency: string } {
  return { amount: planById(planId).price * 100, currency: 'usd' };
}

/**
 * Whether a paid invoice grants credits, and how many: the monthly credits of the plan on the
 * invoice's own subscription line (what it was issued for, not the plan the subscription has when
 * the event is processed), for each period the subscription pays for, never for an invoice issued
 * after the subscription ended, and only when money was paid for exactly that plan's price
 * (docs/product-rules.md#plans-and-payments). Idempotency is the ledger's (one row per invoice).
 */
export function decideInvoiceGrant(invoice: PaidInvoice, subscription: SubscriptionSnapshot | null): GrantDecision {
  if (!grantingBillingReasons.includes(invoice.billingReason))
    return { grant: false, reason: `billing reason ${invoice.billingReason} does not start a plan period` };
  if (!subscription) return { grant: false, reason: 'the subscription is unknown to the provider' };
  if (subscription.id !== invoice.subscriptionId) return { grant: false, reason: 'the invoice belongs to another subscription' };
  if (subscription.endedAt && invoice.created.getTime() > subscription.endedAt.getTime())
    return { grant: false, reason: 'the invoice was issued after the subscription ended' };
  const periods = invoice.lines.filter((line) => !line.proration);
  if (periods.length !== 1)
    return { grant: false, unexpected: true, reason: `the invoice has ${periods.length} subscription lines, not one plan period` };
  const line = periods[0]!;
  if (!line.planId) return { grant: false, unexpected: true, reason: `the invoice's price ${line.price ?? '(none)'} is no plan's` };
  const plan = planById(line.planId);
  const charge = planCharge(plan.id);
  if (line.amount !== charge.amount || line.currency !== charge.currency)
    return {
      grant: false,
      unexpected: true,
      reason: `the ${plan.name} line bills ${line.amount} ${line.currency}, not the plan's ${charge.amount} ${charge.currency}`,
    };
  if (invoice.amountPaid <= 0 || invoice.currency !== charge.currency)
    return { grant: false, unexpected: true, reason: `nothing was paid (${invoice.amountPaid} ${invoice.currency})` };
  return { grant: true, plan, credits: plan.credits, description: `${plan.name} plan — ${monthName.format(invoice.periodStart)}` };
}
