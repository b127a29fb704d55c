export const creditTransactionTypes = ['grant', 'purchase', 'usage', 'refund', 'adjustment'] as const;
export type CreditTransactionType = (typeof creditTransactionTypes)[number];

/** Credits a generation costs (spec §9). */
export const creditCosts = { image: 1, video: 5 } as const;
