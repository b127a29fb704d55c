/** Kinds of entries in the platform activity log that God Mode shows (docs/product-rules.md#activity-log). */
export const activityTypes = ['purchase', 'renewal', 'payment_failed', 'subscription_changed', 'subscription_canceled'] as const;
export type ActivityType = (typeof activityTypes)[number];
