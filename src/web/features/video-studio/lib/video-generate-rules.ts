import { generationMessages, VIDEO_COST, videoMessages } from '#contracts/generation.ts';
import { videoStudioTexts } from '../texts.ts';

export interface VideoGenerateConditions {
  subject: string;
  generating: boolean;
  /** The reference image is uploaded and accepted by the server. */
  hasReference: boolean;
  uploading: boolean;
}

/**
 * Why Generate is disabled, or null when it is enabled: busy, an upload on its way, no reference
 * image, no subject (docs/product-rules.md#video).
 */
export function videoGenerateBlocker(c: VideoGenerateConditions): string | null {
  if (c.generating) return videoStudioTexts.blockers.generating;
  if (c.uploading) return videoStudioTexts.blockers.uploading;
  if (!c.hasReference) return videoMessages.referenceRequired;
  if (c.subject.trim() === '') return videoStudioTexts.blockers.noSubject;
  return null;
}

/** Checked on click, before anything is sent: the balance the header shows must cover a video. */
export function videoCreditsError(credits: number | undefined): string | null {
  if (credits !== undefined && credits < VIDEO_COST) return generationMessages.notEnoughCredits(VIDEO_COST, 'a video');
  return null;
}
