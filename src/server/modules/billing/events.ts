import { z } from 'zod';
import { planIds } from '#contracts/plans.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { BillingEvent, InvoicePlanLine } from '../../providers/payments/payment-provider.ts';
import { planCharge } from './grant-rule.ts';
import { processBillingEventJob } from './jobs.ts';
import { insertBillingEvent } from './repo.ts';

const date = z.union([z.date(), z.iso.datetime()]).transform((v) => new Date(v));

/** An id as Stripe and the sandbox make them; anything else (a NUL, a space, 300 characters) is none. */
const providerId = z.string().regex(/^[A-Za-z0-9_-]{1,255}$/);
const currency = z.string().regex(/^[a-z]{3}$/);

const InvoicePlanLineSchema = z.object({
  price: providerId.nullable(),
  planId: z.enum(planIds).nullable(),
  amount: z.number().int(),
  currency,
  proration: z.boolean(),
});

/**
 * Invoices stored before they carried their lines: the plan whose price is exactly the amount paid
 * (the sandbox always billed that; a Stripe invoice with tax or a discount matches none and grants
 * nothing, logged).
 */
function linesFromAmount(invoice: { amountPaid: number; currency: string }): InvoicePlanLine[] {
  const plan = planIds.find((id) => {
    const charge = planCharge(id);
    return charge.amount === invoice.amountPaid && charge.currency === invoice.currency;
  });
  return plan ? [{ price: null, planId: plan, amount: invoice.amountPaid, currency: invoice.currency, proration: false }] : [];
}

/** A billing event with well-formed ids; read back from storage as JSON (dates as ISO text). */
export const BillingEventSchema: z.ZodType<BillingEvent> = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('checkout.completed'),
    sessionId: providerId,
    userId: providerId.nullable(),
    customerId: providerId,
    subscriptionId: providerId,
  }),
  z.object({
    type: z.literal('invoice.paid'),
    invoice: z
      .object({
        id: providerId,
        subscriptionId: providerId,
        customerId: providerId,
        billingReason: z.string().regex(/^[a-z_]{1,64}$/),
        amountPaid: z.number().int(),
        currency,
        periodStart: date,
        created: date,
        lines: z.array(InvoicePlanLineSchema).optional(),
      })
      .transform(({ lines, ...invoice }) => ({ ...invoice, lines: lines ?? linesFromAmount(invoice) })),
  }),
  z.object({ type: z.literal('invoice.payment_failed'), invoiceId: providerId, subscriptionId: providerId }),
  z.object({ type: z.literal('subscription.changed'), subscriptionId: providerId }),
]);

/** Whether an event taken from a provider can be stored as it is: its own id and every id in it well-formed. */
export function isWellFormedEvent(id: string, event: BillingEvent): boolean {
  return providerId.safeParse(id).success && BillingEventSchema.safeParse(event).success;
}

const subscriptionOf = (event: BillingEvent) => (event.type === 'invoice.paid' ? event.invoice.subscriptionId : event.subscriptionId);

/**
 * Stores an event once per id and queues its processing in the same transaction: a repeated
 * delivery changes nothing. Events of one subscription are processed one at a time.
 */
export async function recordBillingEvent(tx: DbOrTx, jobs: JobQueue, id: string, event: BillingEvent): Promise<boolean> {
  const fresh = await insertBillingEvent(tx, { id, type: event.type, payload: event });
  if (fresh) await jobs.send(processBillingEventJob, { eventId: id }, { tx, singletonKey: `subscription:${subscriptionOf(event)}` });
  return fresh;
}
