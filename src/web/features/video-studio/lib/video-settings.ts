import type { CreateVideoGenerationInput, GenerationJob } from '#contracts/generation.ts';
import { DEFAULT_VIDEO_EFFECT, videoEffects, videoSettings, type VideoEffect, type VideoResolution } from '#contracts/video-effects.ts';
import { videoStudioTexts } from '../texts.ts';

/** What the editor's controls hold. */
export interface VideoEditorSettings {
  subject: string;
  effect: VideoEffect;
  videoLength: number;
  resolution: VideoResolution;
  steps: number;
}

export const defaultVideoSettings: VideoEditorSettings = {
  subject: '',
  effect: DEFAULT_VIDEO_EFFECT,
  videoLength: videoSettings.length.default,
  resolution: videoSettings.resolution.default,
  steps: videoSettings.steps.default,
};

/** The Effect select's options: all twenty, under readable names. */
export const effectOptions = videoEffects.map((value) => ({ value, label: videoStudioTexts.effectNames[value] }));

export function isVideoEffect(value: string): value is VideoEffect {
  return (videoEffects as readonly string[]).includes(value);
}

/** A job's settings back in the controls (a reload, regenerate). */
export function settingsOfJob(job: GenerationJob): VideoEditorSettings | null {
  if (!job.video) return null;
  return {
    subject: job.video.subject,
    effect: job.video.effect,
    videoLength: job.video.videoLength,
    resolution: job.video.resolution as VideoResolution,
    steps: job.video.steps,
  };
}

export function videoRequest(settings: VideoEditorSettings, referenceUploadId: string): CreateVideoGenerationInput {
  return {
    subject: settings.subject.trim(),
    effect: settings.effect,
    referenceUploadId,
    videoLength: settings.videoLength,
    resolution: settings.resolution,
    steps: settings.steps,
  };
}
