export const creditTransactionTypes = ['grant', 'purchase', 'usage', 'refund', 'adjustment'] as const;
export type CreditTransactionType = (typeof creditTransactionTypes)[number];

/** Credits a generation costs (docs/product-rules.md#credits). */
export const creditCosts = { image: 1, video: 5 } as const;

/** Rows per page of the credit history. */
export const CREDIT_HISTORY_PAGE_SIZE = 20;
