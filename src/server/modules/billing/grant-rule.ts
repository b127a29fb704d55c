import { planById, type Plan } from '../../../contracts/plans.ts';
import type { PaidInvoice, SubscriptionSnapshot } from '../../providers/payments/payment-provider.ts';

/** Invoices that pay for a plan period: the first one and every renewal (not prorations of a plan change). */
export const grantingBillingReasons: readonly string[] = ['subscription_create', 'subscription_cycle'];

export type GrantDecision = { grant: true; plan: Plan; credits: number; description: string } | { grant: false; reason: string };

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });

/**
 * Whether a paid invoice grants credits, and how many: the plan's monthly credits for each period
 * the subscription pays for, never for an invoice issued after the subscription ended
 * (docs/product-rules.md#plans-and-payments). Idempotency is the ledger's (one row per invoice).
 */
export function decideInvoiceGrant(invoice: PaidInvoice, subscription: SubscriptionSnapshot | null): GrantDecision {
  if (!grantingBillingReasons.includes(invoice.billingReason))
    return { grant: false, reason: `billing reason ${invoice.billingReason} does not start a plan period` };
  if (!subscription) return { grant: false, reason: 'the subscription is unknown to the provider' };
  if (subscription.id !== invoice.subscriptionId) return { grant: false, reason: 'the invoice belongs to another subscription' };
  const plan = subscription.planId ? planById(subscription.planId) : undefined;
  if (!plan) return { grant: false, reason: 'the subscription is not on a Klipt plan' };
  if (subscription.endedAt && invoice.created.getTime() > subscription.endedAt.getTime())
    return { grant: false, reason: 'the invoice was issued after the subscription ended' };
  return { grant: true, plan, credits: plan.credits, description: `${plan.name} plan — ${monthName.format(invoice.periodStart)}` };
}
