import {
  billingMessages,
  cancelSandboxCheckout,
  createCheckout,
  createPortal,
  getBillingOverview,
  getCheckout,
  getSandboxCheckout,
  moveSubscription,
  paySandboxCheckout,
  receiveStripeWebhook,
  updateSandboxSubscription,
} from '#contracts/billing.ts';
import type { Router } from '../../http/router.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SandboxBilling } from './sandbox.ts';
import type { BillingService } from './service.ts';

export function registerBillingRoutes(router: Router, deps: { billing: BillingService; sandboxBilling: SandboxBilling | null }): void {
  const { billing } = deps;
  const sandbox = (): SandboxBilling => {
    if (!deps.sandboxBilling) throw new AppError('NOT_FOUND', billingMessages.sandboxOnly);
    return deps.sandboxBilling;
  };

  router.add(getBillingOverview, { handler: ({ user }) => billing.overview(user) });
  router.add(createCheckout, { handler: ({ user, body }) => billing.checkout(user, body.planId) });
  router.add(getCheckout, { handler: ({ user, params }) => billing.checkoutState(user, params.sessionId) });
  router.add(createPortal, { handler: ({ user }) => billing.portal(user) });
  router.add(moveSubscription, { handler: ({ user, body }) => billing.moveSubscription(user, body.workspaceId, body.fromWorkspaceId) });
  router.add(receiveStripeWebhook, {
    // Stripe's events are small; a body past this is not one of them.
    bodyLimit: 512 * 1024,
    handler: async ({ req, rawBody }) => {
      const signature = req.headers['stripe-signature'];
      await billing.receiveStripeWebhook(rawBody, typeof signature === 'string' ? signature : undefined);
      return { received: true as const };
    },
  });
  router.add(getSandboxCheckout, { handler: ({ user, params }) => sandbox().checkout(user, params.sessionId) });
  router.add(paySandboxCheckout, { handler: ({ user, params }) => sandbox().pay(user, params.sessionId) });
  router.add(cancelSandboxCheckout, { handler: ({ user, params }) => sandbox().cancelCheckout(user, params.sessionId) });
  router.add(updateSandboxSubscription, { handler: ({ user, body }) => sandbox().update(user, body) });
}
