import { dimensionsFor, type AspectRatio } from '../../../contracts/aspect-ratio.ts';
import { DEFAULT_NEGATIVE_PROMPT, MAX_SEED } from '../../../contracts/generation.ts';
import type { GenerationInput } from './input.ts';
import type { ResolvedModel } from './model-resolver.ts';

export interface ImageAsk {
  prompt: string;
  aspectRatio: AspectRatio;
  seed: number;
  productKey?: string | undefined;
  backgroundKey?: string | undefined;
  outfitKey?: string | undefined;
  /** Tags the klip gets when it is made (a batch's name). */
  klipTags?: string[];
}

/** What an image job stores to run (and to run again after a restart): the model's mode decides the size and inputs. */
export function imageInputFor(model: ResolvedModel, ask: ImageAsk): GenerationInput {
  const aspectRatio = model.mode === 'tryon' ? '2:3' : ask.aspectRatio;
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
