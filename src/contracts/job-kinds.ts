export const generationKinds = ['image', 'video'] as const;
export type GenerationKind = (typeof generationKinds)[number];

/**
 * `waiting`: a batch item held back by the per-user batch limit (docs/product-rules.md#batches); it
 * becomes `queued` when one of the user's running batch jobs finishes.
 */
export const generationStatuses = ['waiting', 'queued', 'running', 'succeeded', 'failed'] as const;
export type GenerationStatus = (typeof generationStatuses)[number];
