/** Subscription plans (docs/product-rules.md#plans). Prices are monthly, in US dollars. */
export const planIds = ['starter', 'growth', 'pro', 'scale'] as const;
export type PlanId = (typeof planIds)[number];

/** A plan's price and credits; what it allows (seats, features) and its card's lines live in ./entitlements.ts. */
export interface Plan {
  id: PlanId;
  name: string;
  price: number;
  credits: number;
  mostPopular?: boolean;
  /** Shown only after 'Need more?' is clicked. */
  hidden?: boolean;
}

export const plans: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    price: 29,
    credits: 125,
  },
  {
    id: 'growth',
    name: 'Growth',
    price: 99,
    credits: 500,
    mostPopular: true,
  },
  { id: 'pro', name: 'Pro', price: 249, credits: 1500 },
  { id: 'scale', name: 'Scale', price: 999, credits: 9999, hidden: true },
];

export const LOWEST_PLAN_PRICE = 29;

/** The plan with this id (every PlanId has one). */
export function planById(id: PlanId): Plan {
  return plans.find((p) => p.id === id)!;
}
