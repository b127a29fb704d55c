import { generationMessages, imageGenerationSteps, type GenerationJob } from '../../../contracts/generation.ts';
import type { Klip } from '../../../contracts/klips.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { findKlip, findKlipAttributes } from '../klips/repo.ts';
import { toKlip } from '../klips/serialize.ts';
import type { GenerationInput } from './input.ts';
import type { JobRow } from './repo.ts';

/** A job as the API shows it; a succeeded job carries its klip (two more reads). */
export async function loadGenerationJob(db: DbOrTx, storage: Storage, row: JobRow): Promise<GenerationJob> {
  if (row.status !== 'succeeded' || !row.klipId) return toGenerationJob(row, null);
  const klip = await findKlip(db, row.klipId);
  return toGenerationJob(row, klip ? toKlip(klip, await findKlipAttributes(db, klip.id), storage) : null);
}

export function toGenerationJob(row: JobRow, klip: Klip | null): GenerationJob {
  const input = row.input as GenerationInput;
  const step = Math.min(row.step, imageGenerationSteps.length - 1);
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: row.progress,
    step,
    stepLabel: row.status === 'queued' ? 'Queued' : (imageGenerationSteps[step] ?? 'Generating'),
    cost: row.cost,
    modelType: input.modelType,
    modelId: input.modelId,
    modelName: row.modelName,
    prompt: input.prompt,
    aspectRatio: input.aspectRatio,
    provider: row.provider,
    error:
      row.status === 'failed'
        ? { code: row.errorCode ?? 'PROVIDER_FAILED', message: row.errorMessage ?? generationMessages.failedFallback }
        : null,
    // A failed job's reservation is always given back in the same transaction that fails it.
    refunded: row.status === 'failed' && row.cost > 0,
    klip,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
