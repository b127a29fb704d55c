import { billingMessages, type BillingOverview, type SandboxCheckout, type UpdateSandboxSubscriptionRequest } from '#contracts/billing.ts';
import { paths } from '#contracts/paths.ts';
import { workspaceMessages } from '#contracts/workspaces.ts';
import type { SignedInUser } from '../../http/caller.ts';
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
import { canBuyForWorkspace, canUseTestCheckout, type Viewer } from '../access/rules.ts';
import { loadCallerMemberships } from '../workspaces/caller-repo.ts';
import type { ViewerLoader } from '../access/viewer.ts';
import { recordBillingEvent } from './events.ts';
import { planCharge } from './grant-rule.ts';
import { closeCheckout, findCheckout, findUserEmail, findUserIdByEmail, linkCustomer, lockWorkspaceBilling } from './repo.ts';

/** Who asks: the access rules decide whether they may get credits from the test checkout and act for the workspace. */
type Caller = SignedInUser;

/** What the Stripe customer portal and Stripe's own billing clock do, for the sandbox (per workspace, by its owner). */
export interface SandboxBilling {
  checkout(user: Caller, sessionId: string): Promise<SandboxCheckout>;
  /** Pays a test checkout: the subscription starts and its first invoice is paid. Returns where the browser goes. */
  pay(user: Caller, sessionId: string): Promise<{ url: string }>;
  cancelCheckout(user: Caller, sessionId: string): Promise<{ url: string }>;
  /** Acts on the current workspace's plan. */
  update(user: Caller, request: UpdateSandboxSubscriptionRequest): Promise<BillingOverview>;
  /** Renews the plan of the user's current workspace now (npm run billing:renew); false when it has no active plan. */
  /** Renews the plan of the user's current workspace now; the workspace renewed, or null without an active plan. */
  renewByEmail(email: string): Promise<string | null>;
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

/** A test checkout of a workspace the viewer buys for (its owner); anyone else reads "not found". */
async function ownCheckout(tx: DbOrTx, viewer: Viewer | null, sessionId: string) {
  const row = await findCheckout(tx, sessionId);
  if (!row || !row.id.startsWith('sbx_cs_') || !canBuyForWorkspace(viewer, row.workspaceId))
    throw new AppError('NOT_FOUND', billingMessages.checkoutNotFound);
  return row;
}

async function ownOpenCheckout(tx: DbOrTx, viewer: Viewer | null, sessionId: string) {
  const row = await ownCheckout(tx, viewer, sessionId);
  if (row.status !== 'open') throw new AppError('CONFLICT', billingMessages.checkoutClosed);
  return row;
}

async function overviewOf(tx: DbOrTx, workspaceId: string): Promise<BillingOverview> {
  const row = await latestSandboxSubscription(tx, workspaceId);
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
    async checkout(user, sessionId) {
      const row = await ownCheckout(db, await deps.access.viewer(user), sessionId);
      return { id: row.id, planId: row.planId, status: row.status, email: (await findUserEmail(db, row.userId)) ?? '' };
    },
    async pay(user, sessionId) {
      await mayGrant(user);
      const viewer = await deps.access.viewer(user);
      const { workspaceId } = await ownCheckout(db, viewer, sessionId);
      await db.transaction(async (tx) => {
        await lockWorkspaceBilling(tx, workspaceId);
        const checkout = await ownOpenCheckout(tx, viewer, sessionId);
        if (await liveSandboxSubscription(tx, workspaceId)) throw new AppError('CONFLICT', billingMessages.alreadySubscribed);
        const now = new Date();
        const sub = await insertSandboxSubscription(tx, {
          id: sandboxIds.subscription(),
          userId: user.id,
          workspaceId,
          customerId: sandboxIds.customer(user.id),
          planId: checkout.planId,
          status: 'active',
          currentPeriodStart: now,
          currentPeriodEnd: addMonth(now),
        });
        await linkCustomer(tx, user.id, sub.customerId);
        await closeCheckout(tx, sessionId, { status: 'completed', subscriptionId: sub.id });
        // What Stripe sends when Checkout completes: the session completed and the first invoice paid.
        await emit(tx, { type: 'checkout.completed', sessionId, userId: user.id, customerId: sub.customerId, subscriptionId: sub.id });
        await emit(tx, paidInvoice(sub, 'subscription_create'));
      });
      return { url: `${new URL(paths.dashboard, deps.appUrl).toString()}?session_id=${encodeURIComponent(sessionId)}` };
    },
    async cancelCheckout(user, sessionId) {
      const viewer = await deps.access.viewer(user);
      await db.transaction(async (tx) => {
        await ownOpenCheckout(tx, viewer, sessionId);
        await closeCheckout(tx, sessionId, { status: 'canceled' });
      });
      return { url: `${new URL(paths.buyCredits, deps.appUrl).toString()}?checkout=canceled` };
    },
    async update(user, request) {
      if (request.action === 'renew') await mayGrant(user);
      const workspaceId = user.workspace.id;
      if (!canBuyForWorkspace(await deps.access.viewer(user), workspaceId)) throw new AppError('FORBIDDEN', workspaceMessages.notAllowed);
      return db.transaction(async (tx) => {
        await lockWorkspaceBilling(tx, workspaceId);
        const sub = await liveSandboxSubscription(tx, workspaceId);
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
        return overviewOf(tx, workspaceId);
      });
    },
    async renewByEmail(email) {
      const userId = await findUserIdByEmail(db, email);
      if (!userId) return null;
      const workspaceId = (await loadCallerMemberships(db, userId)).workspace.id;
      return db.transaction(async (tx) => {
        await lockWorkspaceBilling(tx, workspaceId);
        const sub = await liveSandboxSubscription(tx, workspaceId);
        if (!sub || sub.status !== 'active') return null;
        await renew(tx, sub);
        return workspaceId;
      });
    },
  };
}
