export const standardModelCategories = ['general', 'product', 'fashion'] as const;
export type StandardModelCategory = (typeof standardModelCategories)[number];

export const trainedModelTypes = ['character', 'general', 'product', 'style'] as const;
export type TrainedModelType = (typeof trainedModelTypes)[number];

/** How a model turns a request into an image: the editor's inputs and the provider call follow from it. */
export const imageModes = ['text', 'product', 'tryon', 'trained'] as const;
export type ImageMode = (typeof imageModes)[number];

export const standardModelModes = ['text', 'product', 'tryon'] as const satisfies readonly ImageMode[];
export type StandardModelMode = (typeof standardModelModes)[number];
