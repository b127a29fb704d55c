import type { SubscriptionStatus } from '#contracts/billing.ts';
import type { PlanId } from '#contracts/plans.ts';

/** A subscription as the provider holds it now: Klipt never trusts an event's copy for state. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  /** The Klipt user it was started for (Stripe: the subscription's metadata). */
  userId: string | null;
  /** The workspace it pays for (Stripe: `workspace_id` in the subscription's metadata); null when it does not say. */
  workspaceId: string | null;
  /** Null when its price is none of the configured plans'. */
  planId: PlanId | null;
  status: SubscriptionStatus;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
}

/** A line of an invoice that bills its subscription, as it was when the invoice was issued. */
export interface InvoicePlanLine {
  /** The provider's price on the line (Stripe `price_…`); null for the sandbox, which bills plans directly. */
  price: string | null;
  /** The Klipt plan of that price; null when it is none of the configured plans' prices. */
  planId: PlanId | null;
  /** What the line bills, in the currency's smallest unit, before discounts and taxes. */
  amount: number;
  currency: string;
  /** A proration of a plan change rather than a plan period. */
  proration: boolean;
}

/** A paid invoice as the (signed) event reports it. */
export interface PaidInvoice {
  id: string;
  subscriptionId: string;
  customerId: string;
  /** Stripe's billing_reason: subscription_create for the first invoice, subscription_cycle for renewals. */
  billingReason: string;
  amountPaid: number;
  currency: string;
  /** Start of the subscription period it pays for. */
  periodStart: Date;
  created: Date;
  /** Its subscription lines: what it paid for, whatever the subscription became since. */
  lines: InvoicePlanLine[];
}

/**
 * What Klipt's billing reacts to, from a Stripe webhook or from the sandbox: one normalized
 * shape, processed by one job (no second path to credits).
 */
export type BillingEvent =
  | { type: 'checkout.completed'; sessionId: string; userId: string | null; customerId: string; subscriptionId: string }
  | { type: 'invoice.paid'; invoice: PaidInvoice }
  | { type: 'invoice.payment_failed'; invoiceId: string; subscriptionId: string }
  | { type: 'subscription.changed'; subscriptionId: string };

export interface CheckoutRequest {
  /** Klipt's id for this attempt: the idempotency key of the provider call. */
  attemptId: string;
  userId: string;
  /** The workspace the plan is bought for: kept with the subscription, read back when syncing it. */
  workspaceId: string;
  customerId: string;
  planId: PlanId;
  /** Contains `{CHECKOUT_SESSION_ID}`, which the provider fills in. */
  successUrl: string;
  cancelUrl: string;
}

/** The payment provider behind billing: Stripe, or the built-in sandbox. */
export interface PaymentProvider {
  readonly mode: 'stripe' | 'sandbox';
  /** The user's customer at the provider: found again if it exists, created otherwise. */
  findOrCreateCustomer(user: { id: string; email: string }): Promise<string>;
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Closes an open checkout so it can no longer be paid (a newer one replaced it). */
  expireCheckout(sessionId: string): Promise<void>;
  /** Null when the provider does not know the id. */
  retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null>;
  createPortal(request: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Records that the subscription now pays for another workspace (its next invoices grant there). */
  moveSubscription(id: string, workspaceId: string): Promise<void>;
}

/** The provider could not be reached, did not answer in time or refused a call; the user reads a generic message. */
export class PaymentProviderError extends Error {
  /** No answer within the timeout (retries included): the user is told so. */
  readonly timedOut: boolean;
  constructor(message: string, options?: { cause?: unknown; timedOut?: boolean }) {
    super(message, options);
    this.name = 'PaymentProviderError';
    this.timedOut = options?.timedOut ?? false;
  }
}
