import type { AspectRatio } from '#contracts/aspect-ratio.ts';
import { modeTakes, type CreateImageVariationsInput, type ModeSetting } from '#contracts/generation.ts';
import type { ImageMode } from '#contracts/model-kinds.ts';
import { brandKitField } from '#web/lib/brand-kits/brand-kit-choice.ts';
import type { UploadIds } from './history.ts';
import type { SelectedModel } from './model-selection.ts';

const modeOf = (model: SelectedModel): ImageMode => (model.kind === 'trained' ? 'trained' : model.model.mode);

/**
 * POST /api/generations/variations body; no seed, so every generation (and Regenerate) gets fresh ones.
 * Only the settings the model's mode takes — the controls the editor shows for it — are sent: an
 * aspect ratio or an upload chosen for another model never reaches the request
 * (docs/product-rules.md#generation; the server refuses them).
 */
export function buildGenerationRequest(input: {
  model: SelectedModel;
  prompt: string;
  aspectRatio: AspectRatio;
  uploads: UploadIds;
  count: number;
  /** 'Use brand kit': the chosen kit, or none. */
  brandKitId?: string | null | undefined;
}): CreateImageVariationsInput {
  const mode = modeOf(input.model);
  const settings: Pick<CreateImageVariationsInput, ModeSetting> = { aspectRatio: input.aspectRatio, ...input.uploads };
  const taken = Object.fromEntries(
    Object.entries(settings).filter(([setting, value]) => value !== undefined && modeTakes(mode, setting as ModeSetting)),
  ) as Pick<CreateImageVariationsInput, ModeSetting>;
  return {
    modelType: input.model.kind,
    modelId: input.model.model.id,
    prompt: input.prompt.trim(),
    ...taken,
    count: input.count,
    ...brandKitField(input.brandKitId),
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
