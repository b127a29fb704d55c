import type { AspectRatio } from '../../../../contracts/aspect-ratio.ts';
import type { CreateImageVariationsInput } from '../../../../contracts/generation.ts';
import type { UploadIds } from './history.ts';
import { isProductEditor, isTryOn, type SelectedModel } from './model-selection.ts';

/** The upload ids a model takes: product + background for the product editor, the outfit for try-on. */
export function uploadsForModel(model: SelectedModel, uploads: UploadIds): UploadIds {
  if (isProductEditor(model)) {
    return {
      ...(uploads.productUploadId ? { productUploadId: uploads.productUploadId } : {}),
      ...(uploads.backgroundUploadId ? { backgroundUploadId: uploads.backgroundUploadId } : {}),
    };
  }
  if (isTryOn(model)) return uploads.outfitUploadId ? { outfitUploadId: uploads.outfitUploadId } : {};
  return {};
}

/** POST /api/generations/variations body; no seed, so every generation (and Regenerate) gets fresh ones. */
export function buildGenerationRequest(input: {
  model: SelectedModel;
  prompt: string;
  aspectRatio: AspectRatio;
  uploads: UploadIds;
  count: number;
}): CreateImageVariationsInput {
  return {
    modelType: input.model.kind,
    modelId: input.model.model.id,
    prompt: input.prompt.trim(),
    aspectRatio: input.aspectRatio,
    ...uploadsForModel(input.model, input.uploads),
    count: input.count,
  };
}

/** The upload ids a request carried (kept with its history entry for Regenerate). */
export function uploadsOfRequest(request: CreateImageVariationsInput | undefined): UploadIds {
  if (!request) return {};
  return {
    ...(request.productUploadId ? { productUploadId: request.productUploadId } : {}),
    ...(request.backgroundUploadId ? { backgroundUploadId: request.backgroundUploadId } : {}),
    ...(request.outfitUploadId ? { outfitUploadId: request.outfitUploadId } : {}),
  };
}
