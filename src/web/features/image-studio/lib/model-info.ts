import type { StandardModel } from '#contracts/models.ts';
import { imageStudioTexts } from '../texts.ts';

export interface ModelInfo {
  tagline: string;
  points: ReadonlyArray<{ title: string; text: string }>;
  bestFor: string;
}

/** The Model info modal's copy, by what the model does (its mode). */
export function modelInfoFor(model: StandardModel): ModelInfo {
  return imageStudioTexts.modelInfo[model.mode];
}
