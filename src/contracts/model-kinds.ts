export const standardModelCategories = ['general', 'product', 'fashion'] as const;
export type StandardModelCategory = (typeof standardModelCategories)[number];

export const trainedModelTypes = ['character', 'general', 'product', 'style'] as const;
export type TrainedModelType = (typeof trainedModelTypes)[number];
