import type { ActivityEntry } from '../activity/log.ts';
import type { JobRow } from './repo.ts';

const kindLabel = { image: 'Image', video: 'Video' } as const;

const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;

/** A job that has just become succeeded (markSucceeded returned it). */
export function generationSucceededEntry(job: JobRow): ActivityEntry {
  return {
    type: 'generation_succeeded',
    message: `${kindLabel[job.kind]} generated with ${job.modelName}`,
    details: { jobId: job.id, klipId: job.klipId, kind: job.kind, model: job.modelName, cost: job.cost, userId: job.userId },
    actorId: job.userId,
  };
}

/** A job that has just become failed (markFailed returned it), with the credits given back. */
export function generationFailedEntry(job: JobRow, refundedCredits: number): ActivityEntry {
  const refund = refundedCredits > 0 ? `; ${credits(refundedCredits)} refunded` : '';
  return {
    type: 'generation_failed',
    message: `${kindLabel[job.kind]} generation with ${job.modelName} failed: ${job.errorMessage ?? job.errorCode}${refund}`,
    details: {
      jobId: job.id,
      kind: job.kind,
      model: job.modelName,
      errorCode: job.errorCode,
      error: job.errorMessage,
      refundedCredits,
      userId: job.userId,
    },
    actorId: job.userId,
  };
}
