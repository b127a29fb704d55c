import { z } from 'zod';
import { aspectRatios } from './aspect-ratio.ts';
import { brandKitChoice } from './brand-kits.ts';
import { defineContract } from './contract.ts';
import { exportMessages, exportPresetIds } from './exports.ts';
import { text } from './fields.ts';
import { generationMessages } from './generation.ts';
import { Klip, cursorField, TAG_MAX_LENGTH } from './klips.ts';
import { promptText } from './prompts.ts';
import { adLayoutIds, adSizeIds } from './ad-formats.ts';
import { lookChoice } from './looks.ts';
import { storeMessages } from './stores.ts';

/** Batches over product photos (docs/product-rules.md#batches). */
export const MAX_BATCH_ITEMS = 50;
/** A user's batch jobs queued or running at once; the rest wait, so one batch cannot starve other users. */
export const BATCH_RUNNING_PER_USER = 2;
export const BATCH_PAGE_SIZE = 12;
export const BATCH_ITEMS_PAGE_SIZE = 50;

export const batchMessages = {
  nameRequired: 'Please name the batch',
  nameTooLong: `Batch names must be at most ${TAG_MAX_LENGTH} characters`,
  noItems: 'Add at least one product photo',
  tooManyItems: `A batch holds at most ${MAX_BATCH_ITEMS} product photos`,
  duplicateItems: 'Each product photo can be in a batch only once',
  productModelRequired: 'Batches need a model that takes a product photo',
  notEnoughCredits: (count: number, cost: number) =>
    `Not enough credits. You need ${cost} credits to generate ${count} ${count === 1 ? 'image' : 'images'}.`,
  notFound: 'Batch not found',
  nothingToRetry: 'No failed items to retry',
  alreadyCancelled: 'This batch was cancelled',
  nothingToCancel: 'Nothing left to cancel: every photo of this batch has started or finished.',
  nothingToDownload: 'No finished images to download yet',
  cancelledItem: 'Cancelled before it started',
} as const;

export const batchItemStatuses = ['waiting', 'queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type BatchItemStatus = (typeof batchItemStatuses)[number];
export const batchStatuses = ['running', 'finished', 'cancelled'] as const;

export const batchName = text({ required: batchMessages.nameRequired, max: [TAG_MAX_LENGTH, batchMessages.nameTooLong] });

export const CreateBatchRequest = z
  .object({
    name: batchName,
    /** Model and prompt may be left to the look (`lookId`); without one they are required. */
    modelType: z.enum(['standard', 'trained'], generationMessages.modelNotFound).optional(),
    modelId: z.uuid(generationMessages.modelNotFound).optional(),
    prompt: promptText(generationMessages.promptRequired).optional(),
    /** Only for a model whose mode takes one (docs/product-rules.md#generation); product models, the only ones batches run, do not. */
    aspectRatio: z.enum(aspectRatios, 'Choose an aspect ratio: 1:1, 16:9, 4:3 or 3:2').optional(),
    backgroundUploadId: z.uuid(generationMessages.uploadNotFound).optional(),
    /** The product photos, uploaded first through POST /api/uploads, in the order the seller dropped them. */
    productUploadIds: z
      .array(z.uuid(generationMessages.uploadNotFound), batchMessages.noItems)
      .max(MAX_BATCH_ITEMS, batchMessages.tooManyItems)
      .default([]),
    /**
     * Products of the workspace's connected store (docs/product-rules.md#store-sync), after the
     * photos: each item starts from the product's first image and remembers its product, so
     * 'Publish all' puts its klip back there.
     */
    storeProductIds: z
      .array(z.uuid(storeMessages.productNotFound), batchMessages.noItems)
      .max(MAX_BATCH_ITEMS, batchMessages.tooManyItems)
      .default([]),
    brandKitId: brandKitChoice,
    /**
     * A saved look of the current workspace (docs/product-rules.md#saved-looks): its model, prompt,
     * background and kit fill what the request did not send, and its ads and export presets are made
     * for every item.
     */
    lookId: lookChoice,
  })
  .refine((batch) => batch.lookId || (batch.modelType && batch.modelId), { message: generationMessages.modelNotFound, path: ['modelId'] })
  .refine((batch) => batch.lookId || batch.prompt, { message: generationMessages.promptRequired, path: ['prompt'] })
  .refine((batch) => batch.productUploadIds.length + batch.storeProductIds.length > 0, {
    message: batchMessages.noItems,
    path: ['productUploadIds'],
  })
  .refine((batch) => batch.productUploadIds.length + batch.storeProductIds.length <= MAX_BATCH_ITEMS, {
    message: batchMessages.tooManyItems,
    path: ['productUploadIds'],
  })
  .meta({ id: 'CreateBatchRequest' });
export type CreateBatchInput = z.input<typeof CreateBatchRequest>;

export const BatchCounts = z.object({
  total: z.number().int(),
  waiting: z.number().int(),
  running: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
});
export type BatchCounts = z.infer<typeof BatchCounts>;

export const Batch = z
  .object({
    id: z.string(),
    name: z.string(),
    prompt: z.string(),
    modelName: z.string(),
    aspectRatio: z.string(),
    status: z.enum(batchStatuses),
    counts: BatchCounts,
    /** Finished items (succeeded, failed or cancelled) in percent of all. */
    progress: z.number().int(),
    costPerItem: z.number().int(),
    /** Some photos wait or are queued and not yet started: Cancel would stop and refund them. */
    canCancel: z.boolean(),
    /** The first finished image's thumbnail (the dashboard's list). */
    coverUrl: z.string().nullable(),
    /** The saved look it was started with (null when none, or deleted since). */
    lookId: z.string().nullable(),
    /** The ads made for every item (copied from its look; none: no ads). */
    adLayout: z.enum(adLayoutIds).nullable(),
    adSizes: z.array(z.enum(adSizeIds)),
    exportPresets: z.array(z.enum(exportPresetIds)),
    /** Succeeded items whose ads could not be made. */
    adsFailed: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Batch' });
export type Batch = z.infer<typeof Batch>;

export const BatchItem = z
  .object({
    id: z.string(),
    position: z.number().int(),
    fileName: z.string(),
    status: z.enum(batchItemStatuses),
    progress: z.number().int(),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    /** The product photo (a signed thumbnail-size URL), null when the upload is gone. */
    productUrl: z.string().nullable(),
    /** The store product it was picked from (null: a dropped photo, or the product is gone from Klipt's copy). */
    storeProduct: z.object({ id: z.string(), title: z.string() }).nullable(),
    klip: Klip.nullable(),
    jobId: z.string().nullable(),
    /** The ads made for its klip (a batch with ad sizes); null until made. */
    adSetId: z.string().nullable(),
  })
  .meta({ id: 'BatchItem' });
export type BatchItem = z.infer<typeof BatchItem>;

const batchParams = z.object({ id: z.uuid(batchMessages.notFound) });

export const createBatch = defineContract({
  method: 'POST',
  path: '/api/batches',
  summary: 'Start a batch: one prompt over up to 50 product photos; reserves the whole cost at once (all or nothing)',
  tags: ['batches'],
  body: CreateBatchRequest,
  status: 202,
  response: Batch,
  errors: [400, 401, 402, 403, 404, 429],
  auth: 'verified',
  apiKey: 'batches',
  idempotent: true,
});

export const listBatches = defineContract({
  method: 'GET',
  path: '/api/batches',
  summary: 'Your batches, newest first, 12 per page (keyset cursor)',
  tags: ['batches'],
  query: z.object({ cursor: cursorField }),
  status: 200,
  response: z.object({ batches: z.array(Batch), nextCursor: z.string().nullable() }),
  errors: [400, 401, 403],
  auth: 'verified',
  apiKey: 'batches',
});

export const getBatch = defineContract({
  method: 'GET',
  path: '/api/batches/:id',
  summary: 'One of your batches: its settings, counts and progress',
  tags: ['batches'],
  params: batchParams,
  status: 200,
  response: Batch,
  errors: [400, 401, 403, 404],
  auth: 'verified',
  apiKey: 'batches',
});

export const listBatchItems = defineContract({
  method: 'GET',
  path: '/api/batches/:id/items',
  summary: "A batch's items in the order they were dropped, 50 per page (keyset cursor), each with its state and klip",
  tags: ['batches'],
  params: batchParams,
  query: z.object({ cursor: cursorField }),
  status: 200,
  response: z.object({ items: z.array(BatchItem), nextCursor: z.string().nullable() }),
  errors: [400, 401, 403, 404],
  auth: 'verified',
  apiKey: 'batches',
});

export const cancelBatch = defineContract({
  method: 'POST',
  path: '/api/batches/:id/cancel',
  summary:
    'Cancel a batch: items not started yet are cancelled and refunded at once; running ones finish. 409 when no item is left to cancel',
  tags: ['batches'],
  params: batchParams,
  status: 200,
  response: z.object({ batch: Batch, refundedCredits: z.number().int() }),
  errors: [400, 401, 403, 404, 409],
  auth: 'verified',
  apiKey: 'batches',
});

export const retryBatch = defineContract({
  method: 'POST',
  path: '/api/batches/:id/retry',
  summary: 'Run the failed items of a batch again: reserves their cost at once (all or nothing)',
  tags: ['batches'],
  params: batchParams,
  status: 202,
  response: Batch,
  errors: [400, 401, 402, 403, 404, 429],
  auth: 'verified',
  apiKey: 'batches',
  idempotent: true,
});

export const downloadBatch = defineContract({
  method: 'GET',
  path: '/api/batches/:id/download',
  summary:
    "A ZIP of the batch's finished images (streamed), named after the batch and the product photos; optionally exported to a preset. A batch with a look's ads or presets: folders original/, one per ad size and one per preset",
  tags: ['batches'],
  params: batchParams,
  query: z.object({ preset: z.enum(exportPresetIds, exportMessages.presetUnknown).optional() }),
  status: 200,
  response: z.unknown(),
  produces: 'application/zip',
  errors: [400, 401, 403, 404],
  auth: 'verified',
  apiKey: 'batches',
});
