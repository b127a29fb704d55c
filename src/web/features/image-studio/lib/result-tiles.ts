import type { GenerationJob } from '#contracts/generation.ts';
import type { Klip } from '#contracts/klips.ts';
import { failureMessage, isFinished } from '#web/lib/generation/job-status.ts';
import { imageStudioTexts } from '../texts.ts';

/** A finished variation: its image, or why it failed. */
export type ResultTile =
  | { kind: 'image'; id: string; imageUrl: string; klip: Klip | null; klipId: string | null }
  | { kind: 'failed'; id: string; message: string };

/** A variation in the preview: finished, or still on its way (no job yet while the request is sent). */
export type PreviewTile = ResultTile | { kind: 'running'; id: string; job: GenerationJob | null };

/** A finished job's tile: the klip's image, or its error with the refund note. */
export function resultTile(job: GenerationJob): ResultTile {
  if (job.status === 'succeeded' && job.klip) {
    return { kind: 'image', id: job.klip.id, imageUrl: job.klip.imageUrl, klip: job.klip, klipId: job.klip.id };
  }
  return { kind: 'failed', id: job.id, message: failureMessage(job) };
}

export function previewTile(job: GenerationJob): PreviewTile {
  return isFinished(job) ? resultTile(job) : { kind: 'running', id: job.id, job };
}

/** What is being generated now: a tile per variation, and the prompt their images show. */
export interface LiveResult {
  tiles: readonly PreviewTile[];
  prompt: string;
}

/**
 * The group being generated as the preview shows it; before the server answered, one waiting tile
 * per variation asked for. Null when nothing is being generated.
 */
export function liveResult(
  generating: boolean,
  jobs: readonly GenerationJob[],
  asked: { count: number; prompt: string },
): LiveResult | null {
  if (!generating) return null;
  const [first] = jobs;
  if (!first) {
    return {
      tiles: Array.from({ length: asked.count }, (_, i) => ({ kind: 'running', id: `starting-${i}`, job: null })),
      prompt: asked.prompt,
    };
  }
  return { tiles: jobs.map(previewTile), prompt: first.prompt };
}

/** A result's alt text: 'Generated image: …', numbered when there are several ('Generated image 2 of 4: …'). */
export function resultAlt(prompt: string, place = 1, of = 1): string {
  return imageStudioTexts.resultAlt(prompt, place, of);
}
