import type { Stripe } from 'stripe';
import type { PlanId } from '#contracts/plans.ts';
import type { BillingEvent, InvoicePlanLine } from './payment-provider.ts';

/** The configured recurring price of each plan (STRIPE_PRICE_*). */
export type PlanPrices = Readonly<Record<PlanId, string>>;

/** The plan whose configured price this is; null for any other price. */
export function planOfPrice(prices: PlanPrices, priceId: string): PlanId | null {
  return (Object.entries(prices).find(([, price]) => price === priceId)?.[0] as PlanId | undefined) ?? null;
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** Where API versions before 2025-03-31 (basil) kept what the current one moved into `parent` and `pricing`. */
interface BeforeBasilInvoice {
  subscription?: string | { id: string } | null;
}
interface BeforeBasilLine {
  type?: string;
  subscription?: string | { id: string } | null;
  proration?: boolean;
  price?: { id: string } | null;
}

function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf((invoice as BeforeBasilInvoice).subscription);
}

/**
 * The invoice's lines that bill its subscription, each with the price it was issued at
 * (`pricing.price_details.price`, or `price.id` before basil) and whether it prorates a plan change.
 */
function planLines(invoice: Stripe.Invoice, subscriptionId: string, prices: PlanPrices): InvoicePlanLine[] {
  return (invoice.lines?.data ?? []).flatMap((line) => {
    const old = line as unknown as BeforeBasilLine;
    const item = line.parent?.subscription_item_details;
    if (!item && old.type !== 'subscription') return [];
    const owner = idOf(item?.subscription ?? old.subscription);
    if (owner !== null && owner !== subscriptionId) return [];
    const price = idOf(line.pricing?.price_details?.price) ?? old.price?.id ?? null;
    return [
      {
        price,
        planId: price ? planOfPrice(prices, price) : null,
        amount: line.amount,
        currency: line.currency,
        proration: item?.proration ?? old.proration ?? false,
      },
    ];
  });
}

/**
 * What the customer paid for the invoice: by card, plus what their credit balance covered (a
 * balance is money paid before, e.g. the unused part of a plan after a downgrade). A fully
 * discounted invoice has a total of 0 and pays nothing.
 */
function paidAmount(invoice: Stripe.Invoice): number {
  const fromBalance = Math.max(0, (invoice.total ?? 0) - (invoice.amount_due ?? 0));
  return invoice.amount_paid + fromBalance;
}

/** What Klipt does with a Stripe event: one of its billing events, or nothing (null) for the ones it does not use. */
export function toBillingEvent(event: Stripe.Event, prices: PlanPrices): BillingEvent | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      const customerId = idOf(session.customer);
      if (session.mode !== 'subscription' || !subscriptionId || !customerId) return null;
      return { type: 'checkout.completed', sessionId: session.id, userId: session.client_reference_id, customerId, subscriptionId };
    }
    case 'invoice.paid':
    case 'invoice.payment_succeeded': {
      const invoice = event.data.object;
      const subscriptionId = subscriptionOfInvoice(invoice);
      const customerId = idOf(invoice.customer);
      if (!subscriptionId || !customerId || !invoice.id || invoice.status !== 'paid') return null;
      const period = invoice.lines?.data.find((line) => line.period)?.period;
      return {
        type: 'invoice.paid',
        invoice: {
          id: invoice.id,
          subscriptionId,
          customerId,
          billingReason: invoice.billing_reason ?? 'unknown',
          amountPaid: paidAmount(invoice),
          currency: invoice.currency,
          periodStart: new Date((period?.start ?? invoice.created) * 1000),
          created: new Date(invoice.created * 1000),
          lines: planLines(invoice, subscriptionId, prices),
        },
      };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = subscriptionOfInvoice(invoice);
      if (!subscriptionId || !invoice.id) return null;
      return { type: 'invoice.payment_failed', invoiceId: invoice.id, subscriptionId };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return { type: 'subscription.changed', subscriptionId: event.data.object.id };
    default:
      return null;
  }
}

export class WebhookSignatureError extends Error {
  constructor(cause: unknown) {
    super('invalid Stripe webhook signature', { cause });
    this.name = 'WebhookSignatureError';
  }
}

/** How far a signature's timestamp may be from now, either way. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The signed timestamp, read as Stripe's verifier reads it (the last `t=` of the header). */
function signedAt(header: string): number {
  let timestamp = Number.NaN;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp;
}

/**
 * Verifies a delivery's Stripe-Signature over the exact bytes received (HMAC-SHA256, timestamp
 * within 300 s of now, past or future) and returns the event; WebhookSignatureError when it does
 * not hold. The SDK refuses only timestamps too far in the past.
 */
export async function verifyStripeWebhook(rawBody: Buffer, signature: string | undefined, secret: string): Promise<Stripe.Event> {
  if (!signature) throw new WebhookSignatureError(new Error('no Stripe-Signature header'));
  // The SDK is loaded on the first webhook, not with the server (docs/operations.md#memory).
  const { webhooks } = (await import('stripe')).Stripe;
  let event: Stripe.Event;
  try {
    event = webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (err) {
    throw new WebhookSignatureError(err);
  }
  const ahead = signedAt(signature) - Math.floor(Date.now() / 1000);
  if (!(ahead <= WEBHOOK_TOLERANCE_SECONDS)) throw new WebhookSignatureError(new Error('Timestamp too far in the future'));
  return event;
}
