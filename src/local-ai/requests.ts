/** What the local AI is asked to draw. The server's ImageRequest and VideoRequest carry these fields, so its adapters pass theirs in. */
import type { ImageMode } from '#contracts/model-kinds.ts';
import type { VideoEffect, VideoResolution } from '#contracts/video-effects.ts';
import type { ProductBox } from '#contracts/product-box.ts';

/** A trained model: the local AI draws in a style derived from it. */
export interface LocalTrainedModel {
  finetuneId: string;
  finetuneStrength: number;
  name: string;
  type: 'character' | 'general' | 'product' | 'style';
  triggerWord: string | null;
}

export interface LocalImageRequest {
  mode: ImageMode;
  prompt: string;
  seed: number;
  /** The output is exactly this size. */
  width: number;
  height: number;
  /** The photos of product mode (the background is optional) and try-on. */
  productImage?: Buffer;
  backgroundImage?: Buffer;
  outfitImage?: Buffer;
  trained?: LocalTrainedModel;
  /** A brand's colours (hex): the backdrop and accents are drawn in them. Omitted: the prompt's own colours. */
  palette?: readonly string[];
}

export interface LocalImageContext {
  signal: AbortSignal;
  onProgress?: (percent: number) => void;
}

/** The picture as PNG, its grid thumbnail (WebP, longer side 512) and the seed it used. */
/** `productBox`: where the product stands in a product shot (ads keep their text off it). */
export type LocalImage = Record<'png' | 'thumbnail', Buffer> & { seed: number; productBox?: ProductBox };

export type { ProductBox };

export interface LocalVideoRequest {
  effect: VideoEffect;
  /** PNG, JPEG or WebP bytes. */
  image: Buffer;
  seed: number;
  /** Seconds. */
  videoLength: number;
  /** The short side in pixels. */
  resolution: VideoResolution;
}
