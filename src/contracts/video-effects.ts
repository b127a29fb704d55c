/**
 * The twenty video effects and the ranges of the video settings (docs/product-rules.md#video).
 * The spec's `jumbo_me` is `jungle_me` at the provider: Klipt uses the provider's name.
 */
export const videoEffects = [
  'squish_it',
  'rotate_it',
  'cakeify_it',
  'muscle_me',
  'crush_it',
  'decay_it',
  'inflate_it',
  'jungle_me',
  'baby_me',
  'assassin_me',
  'warrior_me',
  'pirate_me',
  'bride_me',
  'vip_me',
  'zap_me',
  'gun_shoot',
  'mona_me',
  'samurai_me',
  'museum_me',
  'princess_me',
] as const;
export type VideoEffect = (typeof videoEffects)[number];

export const DEFAULT_VIDEO_EFFECT: VideoEffect = 'squish_it';

export const videoResolutions = [360, 480, 560, 640] as const;
export type VideoResolution = (typeof videoResolutions)[number];

export const videoSettings = {
  length: { min: 1, max: 5, default: 3 },
  steps: { min: 10, max: 70, default: 30 },
  resolution: { default: 560 as VideoResolution },
  subject: { max: 200 },
} as const;

/** Segmind's documented negative prompt for video effects; fixed, never shown to the user (docs/product-rules.md#video). */
export const VIDEO_NEGATIVE_PROMPT = 'blurry, bad quality, camera shake, distortion, poor composition, low resolution, artifact, watermark';

/** Frames per second of Klipt's local renderer. */
export const LOCAL_VIDEO_FPS = 24;
