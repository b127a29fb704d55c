import { Stripe } from 'stripe';
import { subscriptionStatuses, type SubscriptionStatus } from '#contracts/billing.ts';
import type { PlanId } from '#contracts/plans.ts';
import type { StripeConfig } from '../../config.ts';
import { PaymentProviderError, type PaymentProvider, type SubscriptionSnapshot } from './payment-provider.ts';
import { planOfPrice } from './stripe-events.ts';

/**
 * The Stripe client Klipt uses: the configured API address (a test server or stripe-mock speaks
 * the same wire format). Its defaults (20 s, two retries) serve the webhook job, which nobody
 * waits on; calls a user waits on pass `userWaits`.
 */
export function createStripeClient(config: StripeConfig): Stripe {
  const api = new URL(config.apiUrl);
  return new Stripe(config.secretKey, {
    host: api.hostname,
    port: api.port || (api.protocol === 'https:' ? 443 : 80),
    protocol: api.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Klipt' },
  });
}

/** The metadata key of the workspace a checkout and its subscription pay for. */
export const WORKSPACE_METADATA = 'workspace_id';

const seconds = (value: number | null | undefined) => (typeof value === 'number' ? new Date(value * 1000) : null);

function statusOf(status: string): SubscriptionStatus {
  return (subscriptionStatuses as readonly string[]).includes(status) ? (status as SubscriptionStatus) : 'incomplete';
}

/** Stripe's subscription, as Klipt keeps it; the plan comes from the price of its first item. */
export function toSubscriptionSnapshot(sub: Stripe.Subscription, planOf: (priceId: string) => PlanId | null): SubscriptionSnapshot {
  const item = sub.items.data[0];
  return {
    id: sub.id,
    customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    userId: sub.metadata?.userId || null,
    workspaceId: sub.metadata?.[WORKSPACE_METADATA] || null,
    planId: item ? planOf(item.price.id) : null,
    status: statusOf(sub.status),
    currentPeriodStart: seconds(item?.current_period_start),
    currentPeriodEnd: seconds(item?.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
    endedAt: seconds(sub.ended_at),
  };
}

/** The SDK gave up waiting for an answer (its own timeout, or the operating system's). */
function isTimeout(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeConnectionError && (err.detail as { code?: unknown } | undefined)?.code === 'ETIMEDOUT';
}

function providerError(what: string, err: unknown): PaymentProviderError {
  const reason = err instanceof Error ? err.message : String(err);
  return new PaymentProviderError(`Stripe ${what} failed: ${reason}`, { cause: err, timedOut: isTimeout(err) });
}

async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw providerError(what, err);
  }
}

/**
 * Stripe Checkout in subscription mode, the customer portal and subscription reads
 * (docs/providers.md#stripe). Every POST carries an idempotency key, so a retried request never
 * creates a second customer or session.
 */
export function createStripePaymentProvider(config: StripeConfig, stripe: Stripe = createStripeClient(config)): PaymentProvider {
  const planOf = (priceId: string) => planOfPrice(config.prices, priceId);
  // 'Subscribe Now' and 'Manage plan' wait on these: a Stripe that does not answer costs seconds, not a minute.
  const userWaits = { timeout: config.userWaitTimeoutMs, maxNetworkRetries: 1 };

  return {
    mode: 'stripe',
    async findOrCreateCustomer(user) {
      const found = await call('customer search', () =>
        stripe.customers.search({ query: `metadata['userId']:'${user.id.replace(/'/g, "\\'")}'`, limit: 1 }, userWaits),
      );
      if (found.data[0]) return found.data[0].id;
      const customer = await call('customer create', () =>
        stripe.customers.create(
          { email: user.email, metadata: { userId: user.id } },
          { ...userWaits, idempotencyKey: `customer:${user.id}` },
        ),
      );
      return customer.id;
    },
    async createCheckout(request) {
      const session = await call('checkout session create', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: [{ price: config.prices[request.planId], quantity: 1 }],
            customer: request.customerId,
            client_reference_id: request.userId,
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            allow_promotion_codes: true,
            metadata: { userId: request.userId, planId: request.planId, [WORKSPACE_METADATA]: request.workspaceId },
            subscription_data: {
              metadata: { userId: request.userId, planId: request.planId, [WORKSPACE_METADATA]: request.workspaceId },
            },
          },
          { ...userWaits, idempotencyKey: `checkout:${request.userId}:${config.prices[request.planId]}:${request.attemptId}` },
        ),
      );
      if (!session.url) throw new PaymentProviderError('Stripe checkout session has no url');
      return { sessionId: session.id, url: session.url };
    },
    async expireCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId, {}, { ...userWaits, idempotencyKey: `expire:${sessionId}` });
      } catch (err) {
        // A session that completed or expired meanwhile cannot be expired: nothing to do.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw providerError('checkout session expire', err);
      }
    },
    async retrieveSubscription(id) {
      try {
        return toSubscriptionSnapshot(await stripe.subscriptions.retrieve(id), planOf);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw providerError('subscription retrieve', err);
      }
    },
    async moveSubscription(id, workspaceId) {
      await call('subscription update', () =>
        stripe.subscriptions.update(
          id,
          { metadata: { [WORKSPACE_METADATA]: workspaceId } },
          { ...userWaits, idempotencyKey: `move:${id}:${workspaceId}` },
        ),
      );
    },
    async createPortal(request) {
      const session = await call('portal session create', () =>
        stripe.billingPortal.sessions.create({ customer: request.customerId, return_url: request.returnUrl }, userWaits),
      );
      return { url: session.url };
    },
  };
}
