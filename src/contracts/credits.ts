export const creditTransactionTypes = ['grant', 'purchase', 'usage', 'refund', 'adjustment'] as const;
export type CreditTransactionType = (typeof creditTransactionTypes)[number];

/** Credits a generation costs (docs/product-rules.md#credits). */
export const creditCosts = { image: 1, video: 5 } as const;

/** Rows per page of the credit history. */
export const CREDIT_HISTORY_PAGE_SIZE = 20;

/** How the server describes the ledger rows it books: stored with the row, read in the credit history. */
export const ledgerMessages = {
  welcome: 'Welcome credits',
  image: (modelName: string) => `Image: ${modelName}`,
  video: (effect: string) => `Video: ${effect}`,
  batch: (batchName: string) => `Batch: ${batchName}`,
  generationRefund: 'Refund: generation failed',
  batchCancelledRefund: (batchName: string) => `Refund: batch ${batchName} cancelled`,
} as const;
