/**
 * What every image provider does: turn one generation request into image bytes. The local
 * renderer, Segmind and Black Forest Labs implement it; the generation service picks one per
 * request and never sees HTTP.
 */

import type { ImageMode } from '#contracts/model-kinds.ts';

export type { ImageMode };

export interface TrainedModelSettings {
  finetuneId: string;
  finetuneStrength: number;
  safetyTolerance: number;
  outputFormat: 'png' | 'jpeg';
  imagePromptStrength: number;
  /** The model's name, type and trigger word: the local renderer draws in a style derived from them. */
  name: string;
  type: 'character' | 'general' | 'product' | 'style';
  triggerWord: string | null;
}

export interface ImageRequest {
  mode: ImageMode;
  /** The provider's model endpoint slug, e.g. 'flux-1.1-pro-ultra', 'ai-product-photo-editor', 'segfit-v1.1'. */
  modelSlug: string;
  prompt: string;
  negativePrompt: string;
  /** Below 1,000,000 (docs/product-rules.md#generation). */
  seed: number;
  /** Requested output size: the longer side is 1024 (docs/product-rules.md#generation). */
  width: number;
  height: number;
  /** 'W:H', e.g. '16:9'. */
  aspectRatio: string;
  /** product mode: the product photo (required) and an optional background reference. */
  productImage?: Buffer;
  backgroundImage?: Buffer;
  /** tryon mode: the outfit photo. */
  outfitImage?: Buffer;
  /** trained mode. */
  trained?: TrainedModelSettings;
  /** A brand kit's colours (hex), for providers that draw with a palette (the local renderer); others have them in the prompt. */
  palette?: string[];
}

export interface ImageResult {
  data: Buffer;
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp';
  /**
   * The grid thumbnail (WebP, longer side 512) when the provider has it cheaper than Klipt would
   * make it by decoding `data` again (the local renderer draws it from its pixels).
   */
  thumbnail?: Buffer;
  /** Provider-reported settings worth keeping on the klip (e.g. the seed it used). */
  attributes?: Record<string, string>;
}

export interface ImageCallContext {
  signal: AbortSignal;
  /** 0–100; providers report what they know (polling status, download). */
  onProgress?: (percent: number) => void;
}

export type ImageProviderName = 'local' | 'segmind' | 'bfl';

export interface ImageProvider {
  readonly name: ImageProviderName;
  generate(request: ImageRequest, context: ImageCallContext): Promise<ImageResult>;
}
