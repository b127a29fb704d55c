/**
 * What every video provider does: animate a reference image with one of the twenty effects into
 * an MP4. The local renderer (ffmpeg) and Segmind's video effects implement it; the generation
 * service picks one and never sees HTTP. Failures are `ProviderError`s (./provider-error.ts).
 */
import type { VideoEffect, VideoResolution } from '#contracts/video-effects.ts';

export interface VideoRequest {
  /** One or two words naming what is in the picture, e.g. 'sneaker'. */
  subject: string;
  negativePrompt: string;
  effect: VideoEffect;
  /** The reference image (PNG, JPEG or WebP bytes, already checked and re-encoded at upload). */
  image: Buffer;
  /** Below 1,000,000. */
  seed: number;
  /** Seconds, 1-5. */
  videoLength: number;
  /** The short side of the video in pixels. */
  resolution: VideoResolution;
  /** Inference steps, 10-70 (the local renderer ignores it). */
  steps: number;
}

export interface VideoResult {
  /** An H.264 MP4. */
  data: Buffer;
  mimeType: 'video/mp4';
  /** Provider-reported settings worth keeping on the klip. */
  attributes?: Record<string, string>;
}

/**
 * The spec's steps a provider reports while it works: 'generating' once the provider took the
 * request (and while it renders, with a percent when known), 'finalizing' while the output is
 * downloaded or encoded.
 */
export type VideoPhase = 'generating' | 'finalizing';

export interface VideoCallContext {
  signal: AbortSignal;
  onPhase?: (phase: VideoPhase, percent?: number) => void;
}

export type VideoProviderName = 'local' | 'segmind';

export interface VideoProvider {
  readonly name: VideoProviderName;
  generate(request: VideoRequest, context: VideoCallContext): Promise<VideoResult>;
}
