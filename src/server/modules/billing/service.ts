import { randomUUID } from 'node:crypto';
import { billingMessages, type BillingMode, type BillingOverview, type CheckoutState } from '#contracts/billing.ts';
import { genericMessages } from '#contracts/errors.ts';
import { paths } from '#contracts/paths.ts';
import { workspaceMessages } from '#contracts/workspaces.ts';
import type { SignedInUser } from '../../http/caller.ts';
import { planById, type PlanId } from '#contracts/plans.ts';
import type { StripeConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { PaymentProviderError, type BillingEvent, type PaymentProvider } from '../../providers/payments/payment-provider.ts';
import { toBillingEvent, verifyStripeWebhook, WebhookSignatureError } from '../../providers/payments/stripe-events.ts';
import { canBuyForWorkspace, canMoveSubscription, canSeeWorkspace, canUseTestCheckout } from '../access/rules.ts';
import { findWorkspace } from '../workspaces/repo.ts';
import type { ViewerLoader } from '../access/viewer.ts';
import { getBalance } from '../credits/ledger.ts';
import { BillingEventSchema, isWellFormedEvent, recordBillingEvent } from './events.ts';
import type { Fulfilment } from './fulfilment.ts';
import {
  checkoutState,
  closeCheckout,
  findBillingEvent,
  findCheckout,
  findCustomerId,
  insertCheckout,
  latestSubscription,
  linkCustomer,
  liveSubscription,
  lockWorkspaceBilling,
  markEventProcessed,
  moveSubscriptionRow,
  openCheckouts,
  subscriptionWasCredited,
  type SubscriptionRow,
} from './repo.ts';

export interface BillingService {
  readonly mode: BillingMode;
  /** The current workspace's plan, and what the user may buy: where only super admins may use the test checkout, anyone else reads `off`. */
  overview(user: SignedInUser): Promise<BillingOverview>;
  /** A plan for the current workspace, bought by its owner. */
  checkout(user: SignedInUser, planId: PlanId): Promise<{ url: string }>;
  checkoutState(user: SignedInUser, sessionId: string): Promise<CheckoutState>;
  portal(user: SignedInUser): Promise<{ url: string }>;
  /** Moves the current workspace's active subscription to a team the caller owns (the owner of both). */
  moveSubscription(user: SignedInUser, targetWorkspaceId: string, fromWorkspaceId?: string): Promise<BillingOverview>;
  /** Verifies a Stripe delivery and queues its event once; throws 400 on a bad signature. */
  receiveStripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<void>;
  /** The job's work: one stored event, processed once. */
  process(eventId: string): Promise<void>;
}

export function toSubscription(row: SubscriptionRow | undefined): BillingOverview['subscription'] {
  if (!row) return null;
  return {
    planId: row.planId,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/** A provider that cannot be reached or does not answer in time is the user's 502 with a readable message; the cause goes to the log. */
async function viaProvider<T>(logger: Logger, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    logger.error({ err }, 'billing: payment provider call failed');
    throw new AppError('PROVIDER_FAILED', err.timedOut ? billingMessages.providerTimeout : billingMessages.providerUnavailable);
  }
}

export function createBillingService(deps: {
  db: Db;
  jobs: JobQueue;
  logger: Logger;
  mode: BillingMode;
  /** Null when billing is off. */
  provider: PaymentProvider | null;
  stripe: StripeConfig | undefined;
  fulfilment: Fulfilment | null;
  appUrl: string;
  access: ViewerLoader;
  /** The test checkout runs where real money can be spent: only super admins may start one. */
  testCheckoutAdminsOnly: boolean;
}): BillingService {
  const { db, logger } = deps;
  const url = (path: string) => new URL(path, deps.appUrl).toString();

  function requireProvider(): PaymentProvider {
    if (!deps.provider) throw new AppError('FORBIDDEN', billingMessages.billingOff);
    return deps.provider;
  }

  /** Where only super admins may use the test checkout, everyone else is offered no purchasing. */
  async function mayUseCheckout(user: SignedInUser): Promise<boolean> {
    return !deps.testCheckoutAdminsOnly || canUseTestCheckout(await deps.access.viewer(user), true);
  }

  return {
    mode: deps.mode,
    async overview(user) {
      const mode = (await mayUseCheckout(user)) ? deps.mode : ('off' as const);
      return { mode, subscription: toSubscription(await latestSubscription(db, user.workspace.id)) };
    },
    async checkout(user, planId) {
      const provider = requireProvider();
      if (!(await mayUseCheckout(user))) throw new AppError('FORBIDDEN', billingMessages.testCheckoutAdminsOnly);
      const workspaceId = user.workspace.id;
      if (!canBuyForWorkspace(await deps.access.viewer(user), workspaceId)) throw new AppError('FORBIDDEN', workspaceMessages.notAllowed);
      if (await liveSubscription(db, workspaceId)) throw new AppError('CONFLICT', billingMessages.alreadySubscribed);
      return viaProvider(logger, async () => {
        let customerId = await findCustomerId(db, user.id);
        if (!customerId) {
          customerId = await provider.findOrCreateCustomer(user);
          await linkCustomer(db, user.id, customerId);
        }
        // One open checkout per workspace: an older one can no longer be paid, so two tabs never make two subscriptions.
        for (const open of await openCheckouts(db, workspaceId)) {
          await provider.expireCheckout(open.id);
          await closeCheckout(db, open.id, { status: 'expired' });
        }
        const session = await provider.createCheckout({
          attemptId: randomUUID(),
          userId: user.id,
          workspaceId,
          customerId,
          planId,
          successUrl: `${url(paths.dashboard)}?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${url(paths.buyCredits)}?checkout=canceled`,
        });
        await insertCheckout(db, { id: session.sessionId, userId: user.id, workspaceId, planId });
        return { url: session.url };
      });
    },
    async checkoutState(user, sessionId) {
      const row = await findCheckout(db, sessionId);
      if (!row || !canBuyForWorkspace(await deps.access.viewer(user), row.workspaceId))
        throw new AppError('NOT_FOUND', billingMessages.checkoutNotFound);
      const credited = row.subscriptionId ? await subscriptionWasCredited(db, row.subscriptionId) : false;
      return checkoutState(row, credited, planById(row.planId).credits, await getBalance(db, row.workspaceId));
    },
    async portal(user) {
      const provider = requireProvider();
      const workspaceId = user.workspace.id;
      if (!canBuyForWorkspace(await deps.access.viewer(user), workspaceId)) throw new AppError('FORBIDDEN', workspaceMessages.notAllowed);
      const subscription = await latestSubscription(db, workspaceId);
      if (!subscription) throw new AppError('CONFLICT', billingMessages.noSubscription);
      const customerId = subscription.customerId;
      return viaProvider(logger, () => provider.createPortal({ customerId, returnUrl: url(paths.buyCredits) }));
    },
    async moveSubscription(user, targetId, from) {
      const provider = requireProvider();
      const fromId = from ?? user.workspace.id;
      const viewer = await deps.access.viewer(user);
      if (!canSeeWorkspace(viewer, fromId)) throw new AppError('NOT_FOUND', workspaceMessages.notFound);
      const target = await findWorkspace(db, targetId);
      if (!target || !canSeeWorkspace(viewer, target.id)) throw new AppError('NOT_FOUND', workspaceMessages.notFound);
      if (!canMoveSubscription(viewer, fromId, target)) throw new AppError('FORBIDDEN', workspaceMessages.subscriptionMoveNotOwner);
      const live = await liveSubscription(db, fromId);
      if (!live || live.status !== 'active') throw new AppError('CONFLICT', workspaceMessages.noSubscriptionToMove);
      if (await liveSubscription(db, target.id)) throw new AppError('CONFLICT', workspaceMessages.targetHasSubscription);
      // The provider first: it is what the next renewal's sync reads the workspace from.
      await viaProvider(logger, () => provider.moveSubscription(live.id, target.id));
      await db.transaction(async (tx) => {
        for (const id of [fromId, target.id].sort()) await lockWorkspaceBilling(tx, id);
        await moveSubscriptionRow(tx, live.id, target.id);
      });
      const mode = (await mayUseCheckout(user)) ? deps.mode : ('off' as const);
      return { mode, subscription: toSubscription(await latestSubscription(db, target.id)) };
    },
    async receiveStripeWebhook(rawBody, signature) {
      if (!deps.stripe) throw new AppError('NOT_FOUND', genericMessages.notFound);
      let stripeEvent;
      try {
        stripeEvent = await verifyStripeWebhook(rawBody, signature, deps.stripe.webhookSecret);
      } catch (err) {
        if (err instanceof WebhookSignatureError) {
          logger.warn({ reason: (err.cause as Error | undefined)?.message }, 'billing: webhook with a bad signature refused');
          throw new AppError('BAD_REQUEST', billingMessages.webhookInvalid);
        }
        throw err;
      }
      let event: BillingEvent | null;
      try {
        event = toBillingEvent(stripeEvent, deps.stripe.prices);
      } catch (err) {
        // A signed event of a known type without the fields that type has.
        logger.warn({ err, type: stripeEvent.type }, 'billing: unreadable webhook event refused');
        throw new AppError('BAD_REQUEST', billingMessages.webhookMalformed);
      }
      if (!event) return;
      if (!isWellFormedEvent(stripeEvent.id, event)) {
        logger.warn({ type: stripeEvent.type }, 'billing: webhook event with a malformed id refused');
        throw new AppError('BAD_REQUEST', billingMessages.webhookMalformed);
      }
      await db.transaction((tx) => recordBillingEvent(tx, deps.jobs, stripeEvent.id, event));
    },
    async process(eventId) {
      const row = await findBillingEvent(db, eventId);
      if (!row || row.processedAt || !deps.fulfilment) return;
      await deps.fulfilment.handle(BillingEventSchema.parse(row.payload));
      await markEventProcessed(db, eventId);
    },
  };
}
