import type { StandardModelCategory, TrainedModelType } from '../../../../../contracts/model-kinds.ts';

/** What operators read in God Mode's Models tab (the confirmation's words live in src/contracts/admin-models.ts). */
export const modelsTabTexts = {
  standardTitle: 'Standard models',
  standardSubtitle: 'What the image editor offers. An inactive model is hidden from the editor and refused by the API.',
  standardLoadFailed: 'The standard models could not be loaded.',
  standardEmpty: 'There are no standard models.',
  trainedTitle: 'Trained models',
  trainedSubtitle: "Every user's trained models. Public ones are offered to everyone; private ones only to their owner.",
  trainedLoadFailed: 'The trained models could not be loaded.',
  trainedEmpty: 'Nobody has trained a model yet.',
  categories: { general: 'General', product: 'Product', fashion: 'Fashion' } satisfies Record<StandardModelCategory, string>,
  types: { character: 'Character', general: 'General', product: 'Product', style: 'Style' } satisfies Record<TrainedModelType, string>,
  category: 'Category',
  type: 'Type',
  baseModel: 'Base model',
  created: 'Created',
  name: 'Name',
  active: 'Active',
  inactive: 'Inactive',
  public: 'Public',
  deactivate: 'Deactivate',
  activated: (name: string) => `${name} is active again`,
  deactivated: (name: string) => `${name} is now inactive`,
  madePublic: (name: string) => `${name} is now public`,
  madePrivate: (name: string) => `${name} is now private`,
  toggleFailed: 'The change could not be saved. Please try again.',
} as const;
