import { DEFAULT_ASPECT_RATIO, dimensionsFor, type AspectRatio } from '#contracts/aspect-ratio.ts';
import {
  DEFAULT_NEGATIVE_PROMPT,
  generationMessages,
  MAX_SEED,
  modeSettings,
  settingsNotTaken,
  type ModeSetting,
} from '#contracts/generation.ts';
import { AppError } from '../../lib/app-error.ts';
import type { GenerationInput } from './input.ts';
import type { ResolvedModel } from './model-resolver.ts';

export interface ImageAsk {
  prompt: string;
  /** Asked for by text and trained models; the others' mode decides it. */
  aspectRatio?: AspectRatio | undefined;
  seed: number;
  productKey?: string | undefined;
  backgroundKey?: string | undefined;
  outfitKey?: string | undefined;
  /** Tags the klip gets when it is made (a batch's name). */
  klipTags?: string[];
}

/**
 * Refuses a request that names a setting its model's mode does not take (an aspect ratio for the
 * AI Editor, an outfit for a text model…), before anything is charged: a setting the editor does
 * not show never changes a klip (docs/product-rules.md#generation).
 */
export function refuseSettingsNotTaken(model: ResolvedModel, request: Partial<Record<ModeSetting, unknown>>): void {
  const [setting] = settingsNotTaken(model.mode, request);
  if (setting) throw new AppError('VALIDATION_FAILED', generationMessages.settingNotTaken(modeSettings[setting].name, model.displayName));
}

/** The output's aspect ratio: try-on images are 2:3, the AI Editor's 1:1; text and trained models take the one asked for. */
function aspectRatioOf(model: ResolvedModel, asked: AspectRatio | undefined): string {
  if (model.mode === 'tryon') return '2:3';
  if (model.mode === 'product') return DEFAULT_ASPECT_RATIO;
  return asked ?? DEFAULT_ASPECT_RATIO;
}

/** What an image job stores to run (and to run again after a restart): the model's mode decides the size and inputs. */
export function imageInputFor(model: ResolvedModel, ask: ImageAsk): GenerationInput {
  const aspectRatio = aspectRatioOf(model, ask.aspectRatio);
  const { width, height } = dimensionsFor(aspectRatio);
  return {
    mode: model.mode,
    modelType: model.modelType,
    modelId: model.modelId,
    modelSlug: model.slug,
    prompt: ask.prompt,
    negativePrompt: DEFAULT_NEGATIVE_PROMPT,
    aspectRatio,
    width,
    height,
    seed: ask.seed,
    ...(model.mode === 'product' ? { productKey: ask.productKey, backgroundKey: ask.backgroundKey } : {}),
    ...(model.mode === 'tryon' ? { outfitKey: ask.outfitKey } : {}),
    ...(model.trained ? { trained: model.trained } : {}),
    ...(ask.klipTags?.length ? { klipTags: ask.klipTags } : {}),
  };
}

/**
 * Each variation's own seed: a given seed starts the series (seed, seed+1, … wrapping below
 * 1,000,000) so a repeat gives the same images; without one every variation draws its own.
 */
export function variationSeeds(count: number, seed: number | undefined, draw: () => number): number[] {
  return Array.from({ length: count }, (_, i) => (seed === undefined ? draw() : (seed + i) % (MAX_SEED + 1)));
}
