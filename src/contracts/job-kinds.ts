export const generationKinds = ['image', 'video'] as const;
export type GenerationKind = (typeof generationKinds)[number];

/**
 * `waiting`: accepted and paid, held back while its user's share of the queue is full
 * (docs/product-rules.md#fair-queues); it becomes `queued` when one of the user's jobs finishes.
 */
export const generationStatuses = ['waiting', 'queued', 'running', 'succeeded', 'failed'] as const;
