import type { TrainedModelSettings } from '../../providers/ai/image-provider.ts';
import type { ImageMode } from '../../providers/ai/image-provider.ts';
import type { BrandInput } from './brand-input.ts';

/** What a job needs to run, stored with it (JSON) so a restart can resume it. */
export interface GenerationInput {
  mode: ImageMode;
  modelType: 'standard' | 'trained';
  modelId: string;
  modelSlug: string;
  prompt: string;
  negativePrompt: string;
  aspectRatio: string;
  width: number;
  height: number;
  seed: number;
  productKey?: string;
  backgroundKey?: string;
  outfitKey?: string;
  trained?: TrainedModelSettings;
  /** Tags the klip gets when it is made (a batch's name). */
  klipTags?: string[];
  /** The brand kit chosen ('Use brand kit'): its clauses go to the provider, the klip records it. */
  brand?: BrandInput;
}
