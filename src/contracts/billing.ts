import { z } from 'zod';
import { defineContract } from './contract.ts';
import { text } from './fields.ts';
import { planIds } from './plans.ts';
import { workspaceMessages } from './workspaces.ts';

/** What users read about plans and payments (docs/product-rules.md#plans-and-payments). */
export const billingMessages = {
  invalidProduct: 'Invalid product',
  authFailed: 'Failed to authenticate user',
  alreadySubscribed: 'You already have a plan. Use Manage plan to change or cancel it.',
  noSubscription: 'You have no plan yet. Choose one to subscribe.',
  billingOff: 'Purchasing is turned off on this Klipt installation.',
  checkoutNotFound: 'This checkout was not found.',
  checkoutClosed: 'This checkout is no longer open. Start a new one from Buy credits.',
  sandboxOnly: 'This is only available with the built-in test checkout.',
  testCheckoutAdminsOnly: 'On this Klipt installation only super admins can use the test checkout: it grants credits without payment.',
  providerUnavailable: 'The payment provider could not be reached. Please try again in a moment.',
  providerTimeout: 'The payment provider did not answer in time. Nothing was charged; please try again in a moment.',
  webhookInvalid: 'Invalid webhook signature',
  webhookMalformed: 'Invalid webhook event',
  renewNeedsActivePlan: 'Only an active plan renews. Resume or choose a plan first.',
  samePlan: 'This is already your plan.',
} as const;

/**
 * How this installation takes payments: Stripe when configured, the built-in sandbox (a test
 * checkout in which no money moves) by default, or not at all.
 */
export const billingModes = ['stripe', 'sandbox', 'off'] as const;
export type BillingMode = (typeof billingModes)[number];

/** Stripe's subscription statuses, kept as Stripe names them. */
export const subscriptionStatuses = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** A subscription in one of these has ended: the user may start a new one. */
export const endedSubscriptionStatuses: readonly SubscriptionStatus[] = ['canceled', 'incomplete_expired'];

export const PlanIdField = z.enum(planIds, billingMessages.invalidProduct);

export const Subscription = z
  .object({
    planId: z.enum(planIds),
    status: z.enum(subscriptionStatuses),
    /** When the current period ends: the renewal date, or the end date when it cancels at period end. */
    currentPeriodEnd: z.iso.datetime().nullable(),
    cancelAtPeriodEnd: z.boolean(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof Subscription>;

export const BillingOverview = z
  .object({
    mode: z.enum(billingModes),
    /** The user's current or latest subscription; null before the first one. */
    subscription: Subscription.nullable(),
  })
  .meta({ id: 'BillingOverview' });
export type BillingOverview = z.infer<typeof BillingOverview>;

export const getBillingOverview = defineContract({
  method: 'GET',
  path: '/api/billing',
  summary: "How this installation takes payments, and the signed-in user's plan",
  tags: ['billing'],
  status: 200,
  response: BillingOverview,
  auth: 'verified',
});

const RedirectUrl = z.object({ url: z.string() }).meta({ id: 'RedirectUrl' });

export const createCheckout = defineContract({
  method: 'POST',
  path: '/api/billing/checkout',
  summary: 'Starts a subscription checkout for a plan; the browser goes to the returned URL (Stripe Checkout or the sandbox)',
  tags: ['billing'],
  body: z.object({ planId: PlanIdField }).meta({ id: 'CreateCheckoutRequest' }),
  status: 200,
  response: RedirectUrl,
  errors: [400, 401, 403, 409, 502],
  auth: 'verified',
  unauthenticatedMessage: billingMessages.authFailed,
});

const sessionIdParam = z.object({
  sessionId: text({ required: billingMessages.checkoutNotFound, max: [255, billingMessages.checkoutNotFound] }).regex(
    /^[A-Za-z0-9_-]+$/,
    billingMessages.checkoutNotFound,
  ),
});

export const checkoutStatuses = ['open', 'completed', 'canceled', 'expired'] as const;

export const CheckoutState = z
  .object({
    id: z.string(),
    planId: z.enum(planIds),
    status: z.enum(checkoutStatuses),
    /** True once the plan's first credits are in the ledger. */
    credited: z.boolean(),
    credits: z.number().int(),
    balance: z.number().int(),
  })
  .meta({ id: 'CheckoutState' });
export type CheckoutState = z.infer<typeof CheckoutState>;

export const getCheckout = defineContract({
  method: 'GET',
  path: '/api/billing/checkouts/:sessionId',
  summary: "One of the user's checkouts: whether it completed and whether its credits arrived (the dashboard polls it)",
  tags: ['billing'],
  params: sessionIdParam,
  status: 200,
  response: CheckoutState,
  errors: [401, 403, 404],
  auth: 'verified',
});

export const createPortal = defineContract({
  method: 'POST',
  path: '/api/billing/portal',
  summary: 'Opens plan management (the Stripe customer portal, or the sandbox portal)',
  tags: ['billing'],
  status: 200,
  response: RedirectUrl,
  errors: [401, 403, 409, 502],
  auth: 'verified',
});

export const receiveStripeWebhook = defineContract({
  method: 'POST',
  path: '/api/billing/webhook',
  summary: 'Stripe webhook endpoint: the Stripe-Signature header is verified on the raw body; the event is queued once per id',
  tags: ['billing'],
  rawBody: 'application/json',
  status: 200,
  response: z.object({ received: z.literal(true) }),
  errors: [400, 404],
  auth: 'public',
});

export const SandboxCheckout = z
  .object({ id: z.string(), planId: z.enum(planIds), status: z.enum(checkoutStatuses), email: z.string() })
  .meta({ id: 'SandboxCheckout' });
export type SandboxCheckout = z.infer<typeof SandboxCheckout>;

export const getSandboxCheckout = defineContract({
  method: 'GET',
  path: '/api/billing/sandbox/checkouts/:sessionId',
  summary: 'A checkout of the built-in test checkout (sandbox mode only)',
  tags: ['billing'],
  params: sessionIdParam,
  status: 200,
  response: SandboxCheckout,
  errors: [401, 403, 404],
  auth: 'verified',
});

export const paySandboxCheckout = defineContract({
  method: 'POST',
  path: '/api/billing/sandbox/checkouts/:sessionId/pay',
  summary: 'Pays a test checkout: the subscription starts and its first invoice is paid, fulfilled like a Stripe invoice',
  tags: ['billing'],
  params: sessionIdParam,
  status: 200,
  response: RedirectUrl,
  errors: [401, 403, 404, 409],
  auth: 'verified',
});

export const cancelSandboxCheckout = defineContract({
  method: 'POST',
  path: '/api/billing/sandbox/checkouts/:sessionId/cancel',
  summary: 'Leaves a test checkout without paying',
  tags: ['billing'],
  params: sessionIdParam,
  status: 200,
  response: RedirectUrl,
  errors: [401, 403, 404, 409],
  auth: 'verified',
});

export const UpdateSandboxSubscriptionRequest = z
  .discriminatedUnion('action', [
    z.object({ action: z.literal('change_plan'), planId: PlanIdField }),
    z.object({ action: z.literal('cancel') }),
    z.object({ action: z.literal('resume') }),
    z.object({ action: z.literal('renew') }),
  ])
  .meta({ id: 'UpdateSandboxSubscriptionRequest' });
export type UpdateSandboxSubscriptionRequest = z.infer<typeof UpdateSandboxSubscriptionRequest>;

export const updateSandboxSubscription = defineContract({
  method: 'POST',
  path: '/api/billing/sandbox/subscription',
  summary:
    'What the customer portal does, for the sandbox: change plan, cancel at period end, resume, or run a renewal now (a paid invoice)',
  tags: ['billing'],
  body: UpdateSandboxSubscriptionRequest,
  status: 200,
  response: BillingOverview,
  errors: [400, 401, 403, 404, 409],
  auth: 'verified',
});

export const moveSubscription = defineContract({
  method: 'POST',
  path: '/api/billing/subscription/move',
  summary:
    'Moves the active subscription of a workspace you own (`fromWorkspaceId`, by default the current one) to a team you own that has none; its next monthly credits go to that team',
  tags: ['billing'],
  body: z
    .object({ workspaceId: z.uuid(workspaceMessages.notFound), fromWorkspaceId: z.uuid(workspaceMessages.notFound).optional() })
    .strict(),
  status: 200,
  response: BillingOverview,
  errors: [400, 401, 403, 404, 409, 502],
  auth: 'verified',
});
