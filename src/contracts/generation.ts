import { z } from 'zod';
import { aspectRatios, DEFAULT_ASPECT_RATIO } from './aspect-ratio.ts';
import { defineContract } from './contract.ts';
import { creditCosts } from './credits.ts';
import { generationKinds, generationStatuses } from './job-kinds.ts';
import { Klip } from './klips.ts';

/** Spec §9 defaults for image generation. */
export const DEFAULT_NEGATIVE_PROMPT =
  'illustration, bokeh, low resolution, bad anatomy, painting, drawing, cartoon, bad quality, low quality';
export const MAX_SEED = 999_999;

export const generationMessages = {
  promptRequired: 'Please enter a prompt',
  modelNotFound: 'Selected model not found',
  trainedModelNotFound: 'Selected trained model not found',
  productImageRequired: 'Product image is required',
  outfitImageRequired: 'Outfit image is required',
  uploadNotFound: 'The uploaded image was not found. Please upload it again.',
  notEnoughCredits: (cost: number, what: 'an image' | 'a video') => `Not enough credits. You need ${cost} credits to generate ${what}.`,
  insufficientCredits: 'Insufficient credits available',
  failedFallback: 'Failed to generate image',
  timedOut: 'Image generation took too long and was stopped.',
  jobNotFound: 'Generation not found',
  refunded: 'Your credit was refunded.',
  lost: 'The generation was interrupted and could not be finished.',
  unavailable: 'Image generation is temporarily unavailable. Please try again later.',
} as const;

export const imageGenerationSteps = ['Preparing', 'Generating', 'Saving'] as const;

export const CreateImageGenerationRequest = z
  .object({
    modelType: z.enum(['standard', 'trained']),
    modelId: z.uuid(generationMessages.modelNotFound),
    prompt: z.string(generationMessages.promptRequired).trim().min(1, generationMessages.promptRequired).max(2000),
    aspectRatio: z.enum(aspectRatios, 'Choose an aspect ratio: 1:1, 16:9, 4:3 or 3:2').default(DEFAULT_ASPECT_RATIO),
    productUploadId: z.uuid().optional(),
    backgroundUploadId: z.uuid().optional(),
    outfitUploadId: z.uuid().optional(),
    /** Omitted: a fresh random seed below 1,000,000. */
    seed: z.number().int().min(0).max(MAX_SEED).optional(),
  })
  .meta({ id: 'CreateImageGenerationRequest' });
export type CreateImageGenerationInput = z.input<typeof CreateImageGenerationRequest>;

export const GenerationJob = z
  .object({
    id: z.string(),
    kind: z.enum(generationKinds),
    status: z.enum(generationStatuses),
    progress: z.number().int(),
    step: z.number().int(),
    stepLabel: z.string(),
    cost: z.number().int(),
    modelType: z.enum(['standard', 'trained']),
    modelId: z.string(),
    modelName: z.string(),
    prompt: z.string(),
    aspectRatio: z.string(),
    provider: z.string(),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    refunded: z.boolean(),
    klip: Klip.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'GenerationJob' });
export type GenerationJob = z.infer<typeof GenerationJob>;

export const IMAGE_COST = creditCosts.image;

const jobParams = z.object({ id: z.uuid('Unknown generation') });

export const createImageGeneration = defineContract({
  method: 'POST',
  path: '/api/generations',
  summary: 'Start an image generation: checks model, inputs and credits, reserves the cost, answers at once',
  tags: ['generation'],
  body: CreateImageGenerationRequest,
  status: 202,
  response: GenerationJob,
  errors: [400, 401, 402, 403, 404, 429],
  auth: 'verified',
});

export const getGeneration = defineContract({
  method: 'GET',
  path: '/api/generations/:id',
  summary: 'One of your generation jobs (state, progress, result)',
  tags: ['generation'],
  params: jobParams,
  status: 200,
  response: GenerationJob,
  errors: [401, 403, 404],
  auth: 'verified',
});

export const getLatestGeneration = defineContract({
  method: 'GET',
  path: '/api/generations/latest',
  summary: 'Your most recent generation of a kind (so a reloaded page shows the running or finished job)',
  tags: ['generation'],
  query: z.object({ kind: z.enum(generationKinds).default('image') }),
  status: 200,
  response: z.object({ job: GenerationJob.nullable() }),
  errors: [401, 403],
  auth: 'verified',
});

/** Server-Sent Events: one `job` event (a GenerationJob) per change, until it succeeds or fails. */
export const followGeneration = defineContract({
  method: 'GET',
  path: '/api/generations/:id/events',
  summary: 'Live progress of one of your generation jobs (Server-Sent Events, `job` events carrying GenerationJob)',
  tags: ['generation'],
  params: jobParams,
  status: 200,
  response: z.string(),
  produces: 'text/event-stream',
  errors: [401, 403, 404],
  auth: 'verified',
});
