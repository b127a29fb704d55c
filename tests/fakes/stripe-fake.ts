/**
 * A local server speaking Stripe's wire format for the calls Klipt makes (docs/providers.md#stripe):
 * form-encoded POST bodies with bracketed keys, Bearer secret keys, Idempotency-Key replay,
 * `{ error: { type, code, message } }` errors. It keeps customers, checkout sessions and
 * subscriptions in memory; tests play Stripe's side (a buyer completing Checkout, a renewal) with
 * its helpers and build signed webhook events for the objects it holds.
 */

import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { Stripe } from 'stripe';
import { sendJson, startServer, type RecordedRequest } from './fake-server.ts';

export const FAKE_STRIPE_KEY = 'sk_test_klipt_fake_secret_key';
export const FAKE_WEBHOOK_SECRET = 'whsec_klipt_fake_webhook_secret';
export const FAKE_PRICES = {
  starter: 'price_starter_29',
  growth: 'price_growth_99',
  pro: 'price_pro_249',
  scale: 'price_scale_999',
} as const;
const priceAmounts: Record<string, number> = {
  price_starter_29: 2900,
  price_growth_99: 9900,
  price_pro_249: 24900,
  price_scale_999: 99900,
};

type Json = Record<string, unknown>;
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** `a[b][0][c]=v` → `{ a: { b: [{ c: 'v' }] } }`, as Stripe reads its form bodies. */
export function decodeStripeForm(raw: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const container = node as Record<string, unknown>;
      if (last) container[part] = value;
      else {
        container[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
        node = container[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

function stripeError(res: http.ServerResponse, status: number, type: string, message: string, code?: string) {
  sendJson(res, status, { error: { type, message, ...(code ? { code } : {}) } });
}

export interface StripeFake {
  url: string;
  requests: RecordedRequest[];
  customers: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  /** The buyer pays: the session completes and its subscription starts (active, one month). */
  completeCheckout(sessionId: string): { session: Json; subscription: Json };
  /** Changes a subscription as Stripe would (status, cancel_at_period_end, price, period). */
  updateSubscription(
    subscriptionId: string,
    patch: { status?: string; cancel_at_period_end?: boolean; price?: string; ended_at?: number | null; period?: [number, number] },
  ): Json;
  /**
   * An invoice of the subscription as Stripe's events carry it, issued now: its line is the
   * subscription's current price. `shape: 'before-basil'` writes it as API versions before
   * 2025-03-31 did (line `price` and `proration`, the subscription on the invoice itself).
   */
  invoice(
    subscriptionId: string,
    billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update',
    options?: {
      status?: 'paid' | 'open';
      /** What the card paid; 0 with nothing from the balance is a fully discounted ($0) invoice. */
      amountPaid?: number;
      /** Paid from the customer's credit balance (e.g. left over from a downgrade's proration), not the card. */
      fromBalance?: boolean;
      shape?: 'current' | 'before-basil';
    },
  ): Json;
  /** A signed delivery of an event: its body and Stripe-Signature header. */
  delivery(
    type: string,
    object: Json,
    options?: { eventId?: string; secret?: string; timestamp?: number },
  ): { eventId: string; body: string; signature: string };
  /** Every call answers 500 until this many have failed (a Stripe outage). */
  failNext(count: number): void;
  /** While on, every call is recorded and never answered (Stripe unreachable behind a black hole). */
  stopAnswering(on: boolean): void;
  close(): Promise<void>;
}

export async function startStripeFake(): Promise<StripeFake> {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  let failures = 0;
  let silent = false;

  function subscriptionObject(subId: string, customer: string, price: string, metadata: Json): Json {
    const start = now();
    const end = start + 30 * 24 * 3600;
    return {
      id: subId,
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      metadata,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price: { id: price, object: 'price', unit_amount: priceAmounts[price] },
            current_period_start: start,
            current_period_end: end,
            quantity: 1,
          },
        ],
      },
    };
  }

  function route(req: RecordedRequest, res: http.ServerResponse, form: Json): void {
    const { method, path } = req;
    if (method === 'GET' && path === '/v1/customers/search') {
      const match = /^metadata\['userId'\]:'(.+)'$/.exec(req.query.get('query') ?? '');
      if (!match) return stripeError(res, 400, 'invalid_request_error', 'Invalid search query');
      const data = [...customers.values()].filter((c) => (c.metadata as Json).userId === match[1]);
      return sendJson(res, 200, { object: 'search_result', url: '/v1/customers/search', has_more: false, next_page: null, data });
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: form.email ?? null, metadata: form.metadata ?? {}, created: now() };
      customers.set(customer.id, customer);
      return sendJson(res, 200, customer);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const items = form.line_items as Json[] | undefined;
      const price = items?.[0]?.price as string | undefined;
      if (form.mode !== 'subscription')
        return stripeError(res, 400, 'invalid_request_error', 'mode must be subscription here', 'parameter_invalid');
      if (!price || !(price in priceAmounts))
        return stripeError(res, 400, 'invalid_request_error', `No such price: '${price}'`, 'resource_missing');
      if (typeof form.customer === 'string' && !customers.has(form.customer))
        return stripeError(res, 400, 'invalid_request_error', `No such customer: '${form.customer}'`, 'resource_missing');
      if (typeof form.success_url !== 'string' || !form.success_url.includes('{CHECKOUT_SESSION_ID}'))
        return stripeError(res, 400, 'invalid_request_error', 'success_url must carry {CHECKOUT_SESSION_ID} here', 'parameter_invalid');
      const sessionId = `cs_test_${randomBytes(16).toString('hex')}`;
      const session = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        customer: form.customer ?? null,
        client_reference_id: form.client_reference_id ?? null,
        subscription: null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        metadata: form.metadata ?? {},
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        line_items_price: price,
        subscription_metadata: (form.subscription_data as Json | undefined)?.metadata ?? {},
      };
      sessions.set(sessionId, session);
      return sendJson(res, 200, session);
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire) {
      const session = sessions.get(expire[1]!);
      if (!session) return stripeError(res, 404, 'invalid_request_error', `No such checkout.session: '${expire[1]}'`, 'resource_missing');
      if (session.status !== 'open')
        return stripeError(res, 400, 'invalid_request_error', `Only Checkout Sessions with a status in ["open"] can be expired.`);
      session.status = 'expired';
      return sendJson(res, 200, session);
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sub) {
      const found = subscriptions.get(sub[1]!);
      if (!found) return stripeError(res, 404, 'invalid_request_error', `No such subscription: '${sub[1]}'`, 'resource_missing');
      return sendJson(res, 200, found);
    }
    if (method === 'POST' && sub) {
      // Update a subscription: only metadata here. Stripe merges the keys sent; an empty value unsets one.
      const found = subscriptions.get(sub[1]!);
      if (!found) return stripeError(res, 404, 'invalid_request_error', `No such subscription: '${sub[1]}'`, 'resource_missing');
      const metadata = { ...(found.metadata as Json) };
      for (const [key, value] of Object.entries((form.metadata as Json | undefined) ?? {})) {
        if (value === '') delete metadata[key];
        else metadata[key] = value;
      }
      found.metadata = metadata;
      return sendJson(res, 200, found);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (typeof form.customer !== 'string' || !customers.has(form.customer))
        return stripeError(res, 400, 'invalid_request_error', `No such customer: '${String(form.customer)}'`, 'resource_missing');
      return sendJson(res, 200, {
        id: id('bps'),
        object: 'billing_portal.session',
        customer: form.customer,
        return_url: form.return_url ?? null,
        url: `https://billing.stripe.test/p/session/${randomBytes(8).toString('hex')}`,
      });
    }
    stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  const server = await startServer((req, res) => {
    requests.push(req);
    if (silent) return;
    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`)
      return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided');
    if (failures > 0) {
      failures -= 1;
      return stripeError(res, 500, 'api_error', 'Something went wrong on our end (fake outage)');
    }
    const raw = req.rawBody.toString('utf8');
    if (req.method === 'POST' && raw !== '' && !String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
      return stripeError(res, 400, 'invalid_request_error', 'Stripe takes form-encoded bodies');
    const key = req.headers['idempotency-key'];
    if (req.method === 'POST' && typeof key === 'string') {
      const seen = idempotent.get(key);
      if (seen && seen.params !== `${req.path}?${raw}`)
        return stripeError(
          res,
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      if (seen) return sendJson(res, seen.status, seen.body, { 'idempotent-replayed': 'true' });
      // Record what the route answers, so a retry with the same key gets the same answer.
      const send = res.end.bind(res);
      res.end = ((chunk?: unknown) => {
        if (chunk)
          idempotent.set(key, {
            params: `${req.path}?${raw}`,
            status: res.statusCode,
            body: JSON.parse((chunk as Buffer).toString('utf8')) as unknown,
          });
        return send(chunk as Buffer);
      }) as typeof res.end;
    }
    route(req, res, decodeStripeForm(raw));
  });

  return {
    url: server.url,
    requests,
    customers,
    sessions,
    subscriptions,
    completeCheckout(sessionId) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== 'open') throw new Error(`checkout ${sessionId} is not open`);
      const subscription = subscriptionObject(
        id('sub'),
        String(session.customer),
        String(session.line_items_price),
        session.subscription_metadata as Json,
      );
      subscriptions.set(String(subscription.id), subscription);
      Object.assign(session, { status: 'complete', subscription: subscription.id });
      return { session, subscription };
    },
    updateSubscription(subscriptionId, patch) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`no subscription ${subscriptionId}`);
      const item = (sub.items as { data: Json[] }).data[0]!;
      if (patch.status !== undefined) sub.status = patch.status;
      if (patch.cancel_at_period_end !== undefined) sub.cancel_at_period_end = patch.cancel_at_period_end;
      if (patch.ended_at !== undefined) sub.ended_at = patch.ended_at;
      if (patch.price) item.price = { id: patch.price, object: 'price', unit_amount: priceAmounts[patch.price] };
      if (patch.period) [item.current_period_start, item.current_period_end] = patch.period;
      return sub;
    },
    invoice(subscriptionId, billingReason, options = {}) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`no subscription ${subscriptionId}`);
      const status = options.status ?? 'paid';
      const item = (sub.items as { data: Json[] }).data[0]!;
      const price = item.price as Json;
      const amount = price.unit_amount as number;
      const period = { start: item.current_period_start, end: item.current_period_end };
      const base = {
        id: id('in'),
        object: 'invoice',
        customer: sub.customer,
        status,
        billing_reason: billingReason,
        amount_paid: options.fromBalance ? 0 : (options.amountPaid ?? (status === 'paid' ? amount : 0)),
        // total: after discounts; amount_due: what was left after the credit balance was applied.
        total: options.fromBalance ? amount : (options.amountPaid ?? amount),
        amount_due: options.fromBalance ? 0 : (options.amountPaid ?? amount),
        starting_balance: options.fromBalance ? -amount : 0,
        ending_balance: 0,
        currency: 'usd',
        created: now(),
      };
      if (options.shape === 'before-basil') {
        return {
          ...base,
          subscription: subscriptionId,
          lines: {
            object: 'list',
            has_more: false,
            data: [
              {
                id: id('il'),
                object: 'line_item',
                type: 'subscription',
                subscription: subscriptionId,
                subscription_item: item.id,
                amount,
                currency: 'usd',
                period,
                price: { id: price.id, object: 'price', unit_amount: amount },
                proration: false,
                quantity: 1,
              },
            ],
          },
        };
      }
      return {
        ...base,
        parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: sub.metadata } },
        lines: {
          object: 'list',
          has_more: false,
          data: [
            {
              id: id('il'),
              object: 'line_item',
              amount,
              currency: 'usd',
              period,
              pricing: {
                type: 'price_details',
                price_details: { price: price.id, product: 'prod_klipt' },
                unit_amount_decimal: String(amount),
              },
              parent: {
                type: 'subscription_item_details',
                subscription_item_details: {
                  subscription: subscriptionId,
                  subscription_item: item.id,
                  proration: false,
                  proration_details: null,
                  invoice_item: null,
                },
              },
              quantity: 1,
            },
          ],
        },
      };
    },
    delivery(type, object, options = {}) {
      const eventId = options.eventId ?? id('evt');
      const body = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: options.secret ?? FAKE_WEBHOOK_SECRET,
        ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
      });
      return { eventId, body, signature };
    },
    failNext(count) {
      failures = count;
    },
    stopAnswering(on) {
      silent = on;
    },
    close: () => server.close(),
  };
}

/** The environment that points Klipt's Stripe adapter at the fake. */
export function stripeFakeEnv(fake: { url: string }): Record<string, string> {
  return {
    BILLING_MODE: 'stripe',
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    STRIPE_PRICE_STARTER: FAKE_PRICES.starter,
    STRIPE_PRICE_GROWTH: FAKE_PRICES.growth,
    STRIPE_PRICE_PRO: FAKE_PRICES.pro,
    STRIPE_PRICE_SCALE: FAKE_PRICES.scale,
  };
}
