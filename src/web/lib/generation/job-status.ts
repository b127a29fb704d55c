import { generationMessages, type GenerationJob } from '#contracts/generation.ts';
import { generationTexts } from '../texts.ts';

export const RECENT_RESULT_MS = 60 * 60 * 1000;

export function isFinished(job: Pick<GenerationJob, 'status'>): boolean {
  return job.status === 'succeeded' || job.status === 'failed';
}

/** A finished job from the last hour is shown again after a reload. */
export function finishedRecently(job: Pick<GenerationJob, 'status' | 'updatedAt'>, now: number): boolean {
  const at = Date.parse(job.updatedAt);
  return isFinished(job) && Number.isFinite(at) && now - at <= RECENT_RESULT_MS;
}

/** The red banner's text for a failed job, telling the user when the credit came back. */
export function failureMessage(job: Pick<GenerationJob, 'error' | 'refunded'> & { cost?: number }): string {
  const message = job.error?.message || generationMessages.failedFallback;
  if (!job.refunded) return message;
  return `${message} ${job.cost !== undefined && job.cost > 1 ? generationTexts.refundedCredits(job.cost) : generationTexts.refunded}`;
}

/** Progress clamped to 0–100 for the bar. */
export function progressPercent(job: Pick<GenerationJob, 'progress' | 'status'>): number {
  if (job.status === 'succeeded') return 100;
  return Math.max(0, Math.min(100, Math.round(job.progress)));
}

/** The banner's text when no job of a group succeeded: the first error, and every refunded credit at once. */
export function groupFailureMessage(jobs: readonly Pick<GenerationJob, 'error' | 'refunded' | 'cost'>[]): string {
  const first = jobs.find((job) => job.error) ?? jobs[0];
  const refunded = jobs.length > 0 && jobs.every((job) => job.refunded);
  const cost = jobs.reduce((sum, job) => sum + job.cost, 0);
  return failureMessage({ error: first?.error ?? null, refunded, cost });
}
