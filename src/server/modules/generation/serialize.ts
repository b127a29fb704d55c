import {
  generationMessages,
  imageGenerationSteps,
  videoGenerationSteps,
  videoMessages,
  type GenerationJob,
  type VideoJobSettings,
} from '#contracts/generation.ts';
import type { Klip } from '#contracts/klips.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { findKlip, findKlipAttributes } from '../klips/repo.ts';
import { toKlip } from '../klips/serialize.ts';
import type { GenerationInput } from './input.ts';
import type { JobRow } from './repo.ts';
import type { VideoGenerationInput } from './video-input.ts';

/** A job as the API shows it; a succeeded job carries its klip (two more reads). */
export async function loadGenerationJob(db: DbOrTx, storage: Storage, row: JobRow): Promise<GenerationJob> {
  if (row.status !== 'succeeded' || !row.klipId) return toGenerationJob(row, null);
  const klip = await findKlip(db, row.klipId);
  return toGenerationJob(row, klip ? await toKlip(klip, await findKlipAttributes(db, klip.id), storage) : null);
}

export function toGenerationJob(row: JobRow, klip: Klip | null): GenerationJob {
  const shared = {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: row.progress,
    cost: row.cost,
    modelName: row.modelName,
    provider: row.provider,
    // A failed job's reservation is always given back in the same transaction that fails it.
    refunded: row.status === 'failed' && row.cost > 0,
    klip,
    groupId: row.groupId,
    variation: row.variation,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  const error = (fallback: string) =>
    row.status === 'failed' ? { code: row.errorCode ?? 'PROVIDER_FAILED', message: row.errorMessage ?? fallback } : null;
  if (row.kind === 'video') {
    const input = row.input as VideoGenerationInput;
    const step = Math.max(0, Math.min(row.step, videoGenerationSteps.length - 1));
    return {
      ...shared,
      step,
      stepLabel: videoGenerationSteps[step]!.message,
      modelType: 'standard',
      modelId: '',
      prompt: input.subject,
      aspectRatio: '',
      error: error(videoMessages.failedFallback),
      video: videoSettingsOf(input),
    };
  }
  const input = row.input as GenerationInput;
  const step = Math.min(row.step, imageGenerationSteps.length - 1);
  return {
    ...shared,
    step,
    stepLabel: row.status === 'waiting' ? 'Waiting' : row.status === 'queued' ? 'Queued' : (imageGenerationSteps[step] ?? 'Generating'),
    modelType: input.modelType,
    modelId: input.modelId,
    prompt: input.prompt,
    aspectRatio: input.aspectRatio,
    error: error(generationMessages.failedFallback),
    video: null,
  };
}

function videoSettingsOf(input: VideoGenerationInput): VideoJobSettings {
  return {
    subject: input.subject,
    effect: input.effect,
    referenceUploadId: input.referenceUploadId,
    videoLength: input.videoLength,
    resolution: input.resolution,
    steps: input.steps,
    seed: input.seed,
  };
}
