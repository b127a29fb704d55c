import { billingMessages, type BillingOverview, type SandboxCheckout, type UpdateSandboxSubscriptionRequest } from '#contracts/billing.ts';
import { paths } from '#contracts/paths.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/app-error.ts';
import type { BillingEvent } from '../../providers/payments/payment-provider.ts';
import { sandboxIds, sandboxSnapshot } from '../../providers/payments/sandbox-payment-provider.ts';
import {
  insertSandboxSubscription,
  latestSandboxSubscription,
  liveSandboxSubscription,
  updateSandboxSubscription,
  type SandboxSubscriptionRow,
} from '../../providers/payments/sandbox-repo.ts';
import { canUseTestCheckout } from '../access/rules.ts';
import type { ViewerLoader } from '../access/viewer.ts';
import { recordBillingEvent } from './events.ts';
import { planCharge } from './grant-rule.ts';
import { closeCheckout, findCheckout, findUserEmail, findUserIdByEmail, linkCustomer, lockUserBilling } from './repo.ts';

/** Who asks: the access rules decide whether they may get credits from the test checkout. */
type Caller = { id: string; emailVerified?: boolean };

/** What the Stripe customer portal and Stripe's own billing clock do, for the sandbox. */
export interface SandboxBilling {
  checkout(userId: string, sessionId: string): Promise<SandboxCheckout>;
  /** Pays a test checkout: the subscription starts and its first invoice is paid. Returns where the browser goes. */
  pay(user: Caller, sessionId: string): Promise<{ url: string }>;
  cancelCheckout(userId: string, sessionId: string): Promise<{ url: string }>;
  update(user: Caller, request: UpdateSandboxSubscriptionRequest): Promise<BillingOverview>;
  /** Renews the user's plan now (npm run billing:renew); false when they have no active plan. */
  renewByEmail(email: string): Promise<boolean>;
}

const addMonth = (d: Date) => {
  const next = new Date(d);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};

/** The invoice a sandbox subscription is billed now: its line holds the plan and price of this moment. */
function paidInvoice(sub: SandboxSubscriptionRow, billingReason: 'subscription_create' | 'subscription_cycle'): BillingEvent {
  const charge = planCharge(sub.planId);
  return {
    type: 'invoice.paid',
    invoice: {
      id: sandboxIds.invoice(),
      subscriptionId: sub.id,
      customerId: sub.customerId,
      billingReason,
      amountPaid: charge.amount,
      currency: charge.currency,
      periodStart: sub.currentPeriodStart,
      created: new Date(),
      lines: [{ price: null, planId: sub.planId, ...charge, proration: false }],
    },
  };
}

async function ownOpenCheckout(tx: DbOrTx, userId: string, sessionId: string) {
  const row = await findCheckout(tx, sessionId);
  if (!row || row.userId !== userId || !row.id.startsWith('sbx_cs_')) throw new AppError('NOT_FOUND', billingMessages.checkoutNotFound);
  if (row.status !== 'open') throw new AppError('CONFLICT', billingMessages.checkoutClosed);
  return row;
}

async function overviewOf(tx: DbOrTx, userId: string): Promise<BillingOverview> {
  const row = await latestSandboxSubscription(tx, userId);
  const snap = row ? sandboxSnapshot(row) : null;
  return {
    mode: 'sandbox',
    subscription: snap && {
      planId: row!.planId,
      status: snap.status,
      currentPeriodEnd: snap.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: snap.cancelAtPeriodEnd,
    },
  };
}

export function createSandboxBilling(deps: {
  db: Db;
  jobs: JobQueue;
  appUrl: string;
  access: ViewerLoader;
  /** Real money can be spent on this installation: only super admins may get credits here. */
  adminsOnly: boolean;
}): SandboxBilling {
  const { db } = deps;
  const emit = (tx: DbOrTx, event: BillingEvent) => recordBillingEvent(tx, deps.jobs, sandboxIds.event(), event);

  /** Paying and renewing grant credits without money: asked before anything is read or changed. */
  async function mayGrant(user: Caller): Promise<void> {
    if (!canUseTestCheckout(await deps.access.viewer(user), deps.adminsOnly))
      throw new AppError('FORBIDDEN', billingMessages.testCheckoutAdminsOnly);
  }

  async function renew(tx: DbOrTx, sub: SandboxSubscriptionRow): Promise<void> {
    if (sub.status !== 'active') throw new AppError('CONFLICT', billingMessages.renewNeedsActivePlan);
    const now = new Date();
    if (sub.cancelAtPeriodEnd) {
      // A plan canceled at period end does not renew: the period ends, and so does the plan.
      await updateSandboxSubscription(tx, sub.id, { status: 'canceled', endedAt: now });
      await emit(tx, { type: 'subscription.changed', subscriptionId: sub.id });
      return;
    }
    const renewed = await updateSandboxSubscription(tx, sub.id, { currentPeriodStart: now, currentPeriodEnd: addMonth(now) });
    await emit(tx, paidInvoice(renewed!, 'subscription_cycle'));
  }

  return {
    async checkout(userId, sessionId) {
      const row = await findCheckout(db, sessionId);
      if (!row || row.userId !== userId || !row.id.startsWith('sbx_cs_')) throw new AppError('NOT_FOUND', billingMessages.checkoutNotFound);
      return { id: row.id, planId: row.planId, status: row.status, email: (await findUserEmail(db, userId)) ?? '' };
    },
    async pay(user, sessionId) {
      await mayGrant(user);
      const userId = user.id;
      await db.transaction(async (tx) => {
        await lockUserBilling(tx, userId);
        const checkout = await ownOpenCheckout(tx, userId, sessionId);
        if (await liveSandboxSubscription(tx, userId)) throw new AppError('CONFLICT', billingMessages.alreadySubscribed);
        const now = new Date();
        const sub = await insertSandboxSubscription(tx, {
          id: sandboxIds.subscription(),
          userId,
          customerId: sandboxIds.customer(userId),
          planId: checkout.planId,
          status: 'active',
          currentPeriodStart: now,
          currentPeriodEnd: addMonth(now),
        });
        await linkCustomer(tx, userId, sub.customerId);
        await closeCheckout(tx, sessionId, { status: 'completed', subscriptionId: sub.id });
        // What Stripe sends when Checkout completes: the session completed and the first invoice paid.
        await emit(tx, { type: 'checkout.completed', sessionId, userId, customerId: sub.customerId, subscriptionId: sub.id });
        await emit(tx, paidInvoice(sub, 'subscription_create'));
      });
      return { url: `${new URL(paths.dashboard, deps.appUrl).toString()}?session_id=${encodeURIComponent(sessionId)}` };
    },
    async cancelCheckout(userId, sessionId) {
      await db.transaction(async (tx) => {
        await ownOpenCheckout(tx, userId, sessionId);
        await closeCheckout(tx, sessionId, { status: 'canceled' });
      });
      return { url: `${new URL(paths.buyCredits, deps.appUrl).toString()}?checkout=canceled` };
    },
    async update(user, request) {
      if (request.action === 'renew') await mayGrant(user);
      const userId = user.id;
      return db.transaction(async (tx) => {
        await lockUserBilling(tx, userId);
        const sub = await liveSandboxSubscription(tx, userId);
        if (!sub) throw new AppError('CONFLICT', billingMessages.noSubscription);
        switch (request.action) {
          case 'change_plan':
            if (request.planId === sub.planId) throw new AppError('CONFLICT', billingMessages.samePlan);
            await updateSandboxSubscription(tx, sub.id, { planId: request.planId });
            await emit(tx, { type: 'subscription.changed', subscriptionId: sub.id });
            break;
          case 'cancel':
          case 'resume':
            await updateSandboxSubscription(tx, sub.id, { cancelAtPeriodEnd: request.action === 'cancel' });
            await emit(tx, { type: 'subscription.changed', subscriptionId: sub.id });
            break;
          case 'renew':
            await renew(tx, sub);
            break;
        }
        return overviewOf(tx, userId);
      });
    },
    async renewByEmail(email) {
      const userId = await findUserIdByEmail(db, email);
      if (!userId) return false;
      return db.transaction(async (tx) => {
        await lockUserBilling(tx, userId);
        const sub = await liveSandboxSubscription(tx, userId);
        if (!sub || sub.status !== 'active') return false;
        await renew(tx, sub);
        return true;
      });
    },
  };
}
