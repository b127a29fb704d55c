import { expectedPlanOptions, waitlistScoreWeights, type JoinWaitlistData } from '#contracts/waitlist.ts';

/** Lead score out of 21 (docs/product-rules.md#waitlist): points for each answered field plus the expected plan's points. */
export function computeWaitlistScore(entry: JoinWaitlistData): number {
  const w = waitlistScoreWeights;
  let score = 0;
  if (entry.phoneNumber) score += w.phone;
  if (entry.company) score += w.company;
  if (entry.role) score += w.role;
  if (entry.linkedinUrl) score += w.linkedin;
  if (entry.imageNeeds) score += w.imageNeeds;
  score += expectedPlanOptions.find((p) => p.value === entry.expectedPlan)?.points ?? 0;
  return score;
}
