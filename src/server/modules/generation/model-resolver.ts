import { generationMessages } from '#contracts/generation.ts';
import { trainedModelDefaults } from '#contracts/models.ts';
import { standardModelDisplayName, standardModelMode } from '#contracts/standard-models.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ImageMode, TrainedModelSettings } from '../../providers/ai/image-provider.ts';
import { canUseTrainedModel, type Viewer } from '../access/rules.ts';
import { findStandardModel, findTrainedModel } from '../models/repo.ts';

export interface ResolvedModel {
  mode: ImageMode;
  modelType: 'standard' | 'trained';
  modelId: string;
  slug: string;
  /** What the klip records and users see ("Klipt Ultra 1.1", or the trained model's name). */
  displayName: string;
  trained?: TrainedModelSettings;
}

function numberAttr(attrs: Array<{ name: string; value: string }>, name: string, fallback: number): number {
  const value = Number(attrs.find((a) => a.name === name)?.value);
  return Number.isFinite(value) ? value : fallback;
}

/** The model a request names, if the viewer may use it (an active standard model, or a trained one the access rules allow). */
export async function resolveModel(db: DbOrTx, viewer: Viewer, modelType: 'standard' | 'trained', modelId: string): Promise<ResolvedModel> {
  if (modelType === 'standard') {
    const model = await findStandardModel(db, modelId);
    if (!model?.isActive) throw new AppError('NOT_FOUND', generationMessages.modelNotFound);
    return {
      mode: standardModelMode(model.slug),
      modelType,
      modelId,
      slug: model.slug,
      displayName: standardModelDisplayName(model.name),
    };
  }
  const model = await findTrainedModel(db, modelId);
  if (!model || !canUseTrainedModel(viewer, model)) throw new AppError('NOT_FOUND', generationMessages.trainedModelNotFound);
  const attrs = model.attributes;
  const finetuneId = attrs.find((a) => a.name === 'finetune_id')?.value;
  if (!finetuneId) throw new AppError('NOT_FOUND', generationMessages.trainedModelNotFound);
  const outputFormat = attrs.find((a) => a.name === 'output_format')?.value === 'jpeg' ? 'jpeg' : trainedModelDefaults.outputFormat;
  return {
    mode: 'trained',
    modelType,
    modelId,
    slug: 'flux-pro-1.1-ultra-finetuned',
    displayName: model.name,
    trained: {
      finetuneId,
      finetuneStrength: numberAttr(attrs, 'finetune_strength', trainedModelDefaults.finetuneStrength),
      safetyTolerance: numberAttr(attrs, 'safety_tolerance', trainedModelDefaults.safetyTolerance),
      outputFormat,
      imagePromptStrength: numberAttr(attrs, 'image_prompt_strength', trainedModelDefaults.imagePromptStrength),
      name: model.name,
      type: model.type,
      triggerWord: model.triggerWord,
    },
  };
}
