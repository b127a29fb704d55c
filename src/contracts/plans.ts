/** Subscription plans (docs/product-rules.md#plans). Prices are monthly, in US dollars. */
export const planIds = ['starter', 'growth', 'pro', 'scale'] as const;
export type PlanId = (typeof planIds)[number];

export interface Plan {
  id: PlanId;
  name: string;
  price: number;
  credits: number;
  features: string[];
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
    features: ['125 credits every month', 'Image and video klips', 'All standard models'],
  },
  {
    id: 'growth',
    name: 'Growth',
    price: 99,
    credits: 500,
    features: ['500 credits every month', 'Brand kit', 'Team sharing'],
    mostPopular: true,
  },
  { id: 'pro', name: 'Pro', price: 249, credits: 1500, features: ['1,500 credits every month', 'Video upgrades', 'Custom model training'] },
  { id: 'scale', name: 'Scale', price: 999, credits: 9999, features: ['9,999 credits every month', 'API access'], hidden: true },
];

export const LOWEST_PLAN_PRICE = 29;

/** The plan with this id (every PlanId has one). */
export function planById(id: PlanId): Plan {
  return plans.find((p) => p.id === id)!;
}
