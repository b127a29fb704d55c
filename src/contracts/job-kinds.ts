export const generationKinds = ['image', 'video'] as const;
export type GenerationKind = (typeof generationKinds)[number];

export const generationStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;
export type GenerationStatus = (typeof generationStatuses)[number];
