import { planById, planIds, type PlanId } from './plans.ts';

/**
 * What each plan allows, in one table (docs/architecture.md#ownership-and-plans): the server checks
 * it (a contract's `entitlement`, the seat limit) and /buy-credits draws its plan cards from it, so
 * a card can only promise what the server grants.
 */
export const entitlementKeys = ['teamSharing', 'brandKits', 'modelTraining', 'videoUpgrades', 'apiAccess', 'storeConnections'] as const;
export type EntitlementKey = (typeof entitlementKeys)[number];

/** A workspace without a plan (or whose plan lapsed) is on no plan: one seat, no plan feature. */
export type PlanOrNone = PlanId | null;

/** Seats per workspace, included in the plan's price (no per-seat billing yet). */
export const planSeats: Record<PlanId, number> = { starter: 1, growth: 3, pro: 5, scale: 20 };
export const SEATS_WITHOUT_PLAN = 1;

/**
 * What the API allows a workspace (docs/api.md#limits): requests per minute for each key and for the
 * workspace's keys together, and generations running at once for calls made with keys. A workspace
 * without a plan only reaches the API through a super admin's key, with Scale's limits.
 */
export interface ApiLimits {
  requestsPerMinutePerKey: number;
  requestsPerMinutePerWorkspace: number;
  runningGenerations: number;
}
export const planApiLimits: Record<PlanId, ApiLimits> = {
  starter: { requestsPerMinutePerKey: 0, requestsPerMinutePerWorkspace: 0, runningGenerations: 0 },
  growth: { requestsPerMinutePerKey: 0, requestsPerMinutePerWorkspace: 0, runningGenerations: 0 },
  pro: { requestsPerMinutePerKey: 0, requestsPerMinutePerWorkspace: 0, runningGenerations: 0 },
  scale: { requestsPerMinutePerKey: 120, requestsPerMinutePerWorkspace: 300, runningGenerations: 20 },
};
export function apiLimitsOf(plan: PlanOrNone): ApiLimits {
  return plan && planAllows(plan, 'apiAccess') ? planApiLimits[plan] : planApiLimits.scale;
}

/** The features each plan unlocks; a higher plan has everything of the one below. */
export const planFeatures: Record<PlanId, readonly EntitlementKey[]> = {
  starter: [],
  growth: ['teamSharing', 'brandKits', 'storeConnections'],
  pro: ['teamSharing', 'brandKits', 'storeConnections', 'modelTraining', 'videoUpgrades'],
  scale: ['teamSharing', 'brandKits', 'storeConnections', 'modelTraining', 'videoUpgrades', 'apiAccess'],
};

/**
 * Each feature's name on a plan card, and whether Klipt does it today. A feature that is not
 * `available` is granted by the table (so it arrives for subscribers the day it ships) but no card
 * shows it and no screen offers it: the product never promises what it does not do.
 */
export const entitlementFeatures: Record<EntitlementKey, { label: string; available: boolean }> = {
  teamSharing: { label: 'Team sharing', available: true },
  brandKits: { label: 'Brand kit', available: true },
  storeConnections: { label: 'Shopify store sync', available: true },
  modelTraining: { label: 'Custom model training', available: false },
  videoUpgrades: { label: 'Video upgrades', available: false },
  apiAccess: { label: 'API access', available: true },
};

export function seatsOf(plan: PlanOrNone): number {
  return plan ? planSeats[plan] : SEATS_WITHOUT_PLAN;
}

export function planAllows(plan: PlanOrNone, feature: EntitlementKey): boolean {
  return plan !== null && planFeatures[plan].includes(feature);
}

/** The cheapest plan that unlocks a feature (every feature has one). */
export function lowestPlanWith(feature: EntitlementKey): PlanId {
  return planIds.find((id) => planFeatures[id].includes(feature))!;
}

/** The cheapest plan with at least this many seats, or null when no plan has that many. */
export function lowestPlanWithSeats(seats: number): PlanId | null {
  return planIds.find((id) => planSeats[id] >= seats) ?? null;
}

/** The lines of a plan card: its credits, its seats, and only the features Klipt does today. */
export function planCardLines(plan: PlanId): string[] {
  const { credits } = planById(plan);
  const seats = planSeats[plan];
  return [
    `${credits.toLocaleString('en-US')} credits every month`,
    seats === 1 ? '1 seat' : `${seats} seats in a team workspace`,
    ...planFeatures[plan].filter((f) => entitlementFeatures[f].available).map((f) => entitlementFeatures[f].label),
  ];
}

export const entitlementMessages = {
  /** PLAN_REQUIRED: the feature and the plan that unlocks it. */
  planRequired: (feature: EntitlementKey) =>
    `${entitlementFeatures[feature].label} needs the ${planById(lowestPlanWith(feature)).name} plan. Upgrade this workspace to use it.`,
  /** SEAT_LIMIT: every seat is taken or promised to an open invitation. */
  seatLimit: (seats: number) => {
    const next = lowestPlanWithSeats(seats + 1);
    const way = next
      ? `Upgrade to ${planById(next).name} for ${planSeats[next]} seats, or remove a member or an invitation first.`
      : 'Remove a member or an invitation first.';
    return `This workspace's plan includes ${seats === 1 ? '1 seat' : `${seats} seats`}, and all are taken or invited. ${way}`;
  },
} as const;
