import type { VideoEffect, VideoResolution } from '#contracts/video-effects.ts';
import type { BrandInput } from './brand-input.ts';

/** What a video job needs to run, stored with it (JSON) so a restart can resume it. */
export interface VideoGenerationInput {
  subject: string;
  effect: VideoEffect;
  referenceUploadId: string;
  referenceKey: string;
  videoLength: number;
  resolution: VideoResolution;
  steps: number;
  seed: number;
  negativePrompt: string;
  /** The brand kit chosen ('Use brand kit'): its clauses go to the provider, the klip records it. */
  brand?: BrandInput;
}

/** What video klips record as their model (the provider's "Wan Video Effects"). */
export const VIDEO_MODEL_NAME = 'Klipt Video Effects';
