import { planById, type PlanId } from '#contracts/plans.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Logger } from '../../lib/logger.ts';
import type { BillingEvent, PaidInvoice, PaymentProvider, SubscriptionSnapshot } from '../../providers/payments/payment-provider.ts';
import type { ActivityRecorder } from '../activity/log.ts';
import { bookOnce, lockCredits } from '../credits/ledger.ts';
import { sendEmailJob } from '../mail/jobs.ts';
import { creditReceiptEmail } from '../mail/templates.ts';
import { findPersonalWorkspace, workspaceExists } from '../workspaces/billing-repo.ts';
import { decideInvoiceGrant } from './grant-rule.ts';
import {
  closeCheckout,
  findCheckout,
  findSubscription,
  findUserEmail,
  findUserOfCustomer,
  insertInvoice,
  linkCustomer,
  saveSubscription,
  type SubscriptionRow,
} from './repo.ts';

/** The one place credits are bought: a paid invoice, from Stripe or from the sandbox, becomes one purchase row. */
export interface Fulfilment {
  handle(event: BillingEvent): Promise<void>;
}

const planName = (id: PlanId) => planById(id).name;
const formatDate = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : 'the end of the period');

export function createFulfilment(deps: {
  db: Db;
  jobs: JobQueue;
  provider: PaymentProvider;
  logger: Logger;
  recordActivity: ActivityRecorder;
  appUrl: string;
}): Fulfilment {
  const { db, logger } = deps;

  /**
   * The workspace a subscription pays for: what the provider holds (Stripe's metadata, the
   * sandbox's row), else the checkout that started it, else what Klipt stored before, else (a
   * subscription from before workspaces) the personal workspace of the user it was started for.
   */
  async function workspaceOf(candidates: Array<string | null | undefined>, userId: string): Promise<string | null> {
    for (const id of candidates) if (id && (await workspaceExists(db, id))) return id;
    const personal = await findPersonalWorkspace(db, userId);
    return personal ?? null;
  }

  /**
   * Re-reads the subscription from the provider and stores it: events only say that something
   * changed, so the order they arrive in does not matter. Null when it cannot be tied to a user,
   * a workspace and a plan (logged).
   */
  async function syncSubscription(
    id: string,
    hint: { userId?: string | null; workspaceId?: string | null } = {},
  ): Promise<{ snapshot: SubscriptionSnapshot; userId: string; workspaceId: string; email: string } | null> {
    const snapshot = await deps.provider.retrieveSubscription(id);
    if (!snapshot) {
      logger.warn({ subscriptionId: id }, 'billing: the provider does not know this subscription');
      return null;
    }
    const previous = await findSubscription(db, id);
    const userId = snapshot.userId ?? hint.userId ?? (await findUserOfCustomer(db, snapshot.customerId)) ?? previous?.userId ?? null;
    const planId = snapshot.planId ?? previous?.planId ?? null;
    const email = userId ? await findUserEmail(db, userId) : undefined;
    const workspaceId = userId ? await workspaceOf([snapshot.workspaceId, hint.workspaceId, previous?.workspaceId], userId) : null;
    if (!userId || !planId || !email || !workspaceId) {
      logger.warn(
        { subscriptionId: id, userId, planId, workspaceId },
        'billing: subscription of no known user, workspace or plan, ignored',
      );
      return null;
    }
    await db.transaction(async (tx) => {
      await linkCustomer(tx, userId, snapshot.customerId);
      await saveSubscription(tx, { userId, workspaceId }, planId, snapshot);
    });
    await recordChange({ userId, email }, planId, snapshot, previous);
    return { snapshot: { ...snapshot, planId }, userId, workspaceId, email };
  }

  async function recordChange(
    { userId, email }: { userId: string; email: string },
    planId: PlanId,
    now: SubscriptionSnapshot,
    before: SubscriptionRow | undefined,
  ) {
    if (!before) return;
    const details = { userId, subscriptionId: now.id, planId, status: now.status };
    if (now.status === 'canceled' && before.status !== 'canceled') {
      await deps.recordActivity({ type: 'subscription_canceled', message: `${email}'s ${planName(planId)} plan ended`, details });
    } else if (now.cancelAtPeriodEnd && !before.cancelAtPeriodEnd) {
      await deps.recordActivity({
        type: 'subscription_canceled',
        message: `${email} canceled the ${planName(planId)} plan; it ends on ${formatDate(now.currentPeriodEnd)}`,
        details,
      });
    } else if (planId !== before.planId || now.status !== before.status || now.cancelAtPeriodEnd !== before.cancelAtPeriodEnd) {
      const what = planId !== before.planId ? `changed from ${planName(before.planId)} to ${planName(planId)}` : `is now ${now.status}`;
      await deps.recordActivity({
        type: 'subscription_changed',
        message: `${email}'s plan ${what}${now.cancelAtPeriodEnd ? '' : ' (renews)'}`,
        details,
      });
    }
  }

  async function grantInvoice(invoice: PaidInvoice): Promise<void> {
    const synced = await syncSubscription(invoice.subscriptionId);
    const decision = decideInvoiceGrant(invoice, synced?.snapshot ?? null);
    if (!synced || !decision.grant) {
      const unexpected = !decision.grant && decision.unexpected === true;
      logger[unexpected ? 'warn' : 'info'](
        {
          invoiceId: invoice.id,
          subscriptionId: invoice.subscriptionId,
          amountPaid: invoice.amountPaid,
          currency: invoice.currency,
          reason: decision.grant ? 'unknown user' : decision.reason,
        },
        'billing: paid invoice grants nothing',
      );
      return;
    }
    // The subscription's workspace is credited; its maker is the member the purchase row names.
    const { userId, workspaceId, email } = synced;
    const renewal = invoice.billingReason === 'subscription_cycle';
    const booked = await db.transaction(async (tx) => {
      await lockCredits(tx, workspaceId);
      const first = await insertInvoice(tx, {
        id: invoice.id,
        userId,
        workspaceId,
        subscriptionId: invoice.subscriptionId,
        planId: decision.plan.id,
        credits: decision.credits,
        billingReason: invoice.billingReason,
        amountPaid: invoice.amountPaid,
        currency: invoice.currency,
        periodStart: invoice.periodStart,
      });
      if (!first) return false;
      await bookOnce(tx, {
        workspaceId,
        userId,
        amount: decision.credits,
        type: 'purchase',
        reference: `invoice:${invoice.id}`,
        description: decision.description,
      });
      const receipt = creditReceiptEmail(email, {
        ...decision,
        amountPaid: invoice.amountPaid,
        currency: invoice.currency,
        renewal,
        appUrl: deps.appUrl,
      });
      await deps.jobs.send(sendEmailJob, receipt, { tx });
      return true;
    });
    if (!booked) return;
    await deps.recordActivity({
      type: renewal ? 'renewal' : 'purchase',
      message: `${email}: ${decision.description}, +${decision.credits} credits`,
      details: {
        userId,
        invoiceId: invoice.id,
        subscriptionId: invoice.subscriptionId,
        planId: decision.plan.id,
        amountPaid: invoice.amountPaid,
        currency: invoice.currency,
      },
    });
  }

  return {
    async handle(event) {
      switch (event.type) {
        case 'checkout.completed': {
          await closeCheckout(db, event.sessionId, { status: 'completed', subscriptionId: event.subscriptionId });
          const checkout = await findCheckout(db, event.sessionId);
          await syncSubscription(event.subscriptionId, { userId: event.userId, workspaceId: checkout?.workspaceId });
          return;
        }
        case 'invoice.paid':
          return grantInvoice(event.invoice);
        case 'invoice.payment_failed': {
          const synced = await syncSubscription(event.subscriptionId);
          if (!synced) return;
          await deps.recordActivity({
            type: 'payment_failed',
            message: `Payment failed for ${synced.email} (${planName(synced.snapshot.planId!)} plan, now ${synced.snapshot.status})`,
            details: { userId: synced.userId, invoiceId: event.invoiceId, subscriptionId: event.subscriptionId },
          });
          return;
        }
        case 'subscription.changed':
          await syncSubscription(event.subscriptionId);
          return;
      }
    },
  };
}
