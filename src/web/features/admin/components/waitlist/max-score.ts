import { expectedPlanOptions, waitlistScoreWeights } from '#contracts/waitlist.ts';

/** The best score an entry can reach: every field answered and the dearest plan (docs/product-rules.md#waitlist). */
export const WAITLIST_MAX_SCORE =
  Object.values(waitlistScoreWeights).reduce((sum, points) => sum + points, 0) + Math.max(...expectedPlanOptions.map((o) => o.points));
