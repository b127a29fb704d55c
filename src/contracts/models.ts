import { z } from 'zod';
import { defineContract } from './contract.ts';
import { searchText } from './fields.ts';
import { standardModelCategories, standardModelModes, trainedModelTypes } from './model-kinds.ts';

/** What users read about models. */
export const modelMessages = {
  notFound: 'Model not found',
  visibilityForbidden: "Only the model's owner or a super admin can change its visibility.",
} as const;

/** Trained-model defaults (docs/product-rules.md#generation) used when an attribute is missing. */
export const trainedModelDefaults = {
  finetuneStrength: 1.1,
  safetyTolerance: 2,
  outputFormat: 'png',
  imagePromptStrength: 0.1,
} as const;

export const StandardModel = z
  .object({
    id: z.string(),
    name: z.string(),
    displayName: z.string(),
    slug: z.string(),
    category: z.enum(standardModelCategories),
    /** What the editor asks for: a prompt only, a product photo, or an outfit photo. */
    mode: z.enum(standardModelModes),
    description: z.string(),
    isActive: z.boolean(),
  })
  .meta({ id: 'StandardModel' });
export type StandardModel = z.infer<typeof StandardModel>;

export const TrainedModel = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(trainedModelTypes),
    baseModel: z.string(),
    testPrompt: z.string().nullable(),
    triggerWord: z.string().nullable(),
    isPublic: z.boolean(),
    createdAt: z.string(),
    /** Whether the signed-in user may change its visibility (owner or super admin). */
    canEdit: z.boolean(),
    attributes: z.array(z.object({ name: z.string(), value: z.string() })),
  })
  .meta({ id: 'TrainedModel' });
export type TrainedModel = z.infer<typeof TrainedModel>;

export const TrainedModelQuery = z.object({
  type: z.enum(trainedModelTypes).optional(),
  publicOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  search: searchText(),
});

export const listStandardModels = defineContract({
  method: 'GET',
  path: '/api/models/standard',
  summary: 'Active standard models, in display order',
  tags: ['models'],
  status: 200,
  response: z.object({ models: z.array(StandardModel) }),
  errors: [401, 403],
  auth: 'verified',
  apiKey: 'read',
});

export const listTrainedModels = defineContract({
  method: 'GET',
  path: '/api/models/trained',
  summary: 'Trained models: public ones and your own (all for super admins), newest first',
  tags: ['models'],
  query: TrainedModelQuery,
  status: 200,
  response: z.object({ models: z.array(TrainedModel) }),
  errors: [400, 401, 403],
  auth: 'verified',
  apiKey: 'read',
});

export const setTrainedModelVisibility = defineContract({
  method: 'PATCH',
  path: '/api/models/trained/:id/visibility',
  summary: 'Make a trained model public or private (its owner or a super admin)',
  tags: ['models'],
  params: z.object({ id: z.uuid('Unknown model') }),
  body: z.object({ isPublic: z.boolean() }),
  status: 200,
  response: TrainedModel,
  errors: [400, 401, 403, 404],
  auth: 'verified',
});
