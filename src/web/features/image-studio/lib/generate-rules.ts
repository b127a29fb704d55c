import { generationMessages, IMAGE_COST, variationMessages } from '#contracts/generation.ts';
import { isProductEditor, isTryOn, type SelectedModel } from './model-selection.ts';
import { imageStudioTexts } from '../texts.ts';

export interface GenerateConditions {
  prompt: string;
  generating: boolean;
  modelsLoading: boolean;
  model: SelectedModel | null;
  /** An uploaded (server-accepted) product image is ready. */
  hasProductImage: boolean;
  /** Some input image is still being uploaded. */
  uploading: boolean;
}

/**
 * Why Generate is disabled, or null when it is enabled: no prompt, generating, models
 * loading, no model, or the product photo editor without a product image.
 */
export function generateBlocker(c: GenerateConditions): string | null {
  if (c.generating) return imageStudioTexts.blockers.generating;
  if (c.modelsLoading) return imageStudioTexts.blockers.modelsLoading;
  if (!c.model) return imageStudioTexts.blockers.noModel;
  if (c.uploading) return imageStudioTexts.blockers.uploading;
  if (isProductEditor(c.model) && !c.hasProductImage) return imageStudioTexts.blockers.noProductImage;
  if (c.prompt.trim() === '') return imageStudioTexts.blockers.noPrompt;
  return null;
}

export function canGenerate(c: GenerateConditions): boolean {
  return generateBlocker(c) === null;
}

/** A missing input that is reported on click rather than by disabling (the try-on outfit). */
export function missingInputError(model: SelectedModel | null, hasOutfitImage: boolean): string | null {
  if (isTryOn(model) && !hasOutfitImage) return generationMessages.outfitImageRequired;
  return null;
}

/** What Generate costs for a number of variations. */
export const variationsCost = (count: number) => count * IMAGE_COST;

/** Checked on click (the server checks again): the whole cost of the variations must be covered, as the server reserves it at once. */
export function creditsError(credits: number | undefined, count: number): string | null {
  const cost = variationsCost(count);
  if (credits === undefined || credits >= cost) return null;
  return count === 1 ? generationMessages.notEnoughCredits(cost, 'an image') : variationMessages.notEnoughCredits(count, cost);
}
