import { ledgerMessages } from '#contracts/credits.ts';
import { randomInt, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { generationMessages, IMAGE_COST, MAX_SEED, variationMessages, type CreateImageGenerationRequest } from '#contracts/generation.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SignedInUser } from '../../http/caller.ts';
import type { ViewerLoader } from '../access/viewer.ts';
import { getBalance, lockCredits } from '../credits/ledger.ts';
import { resolveBrandChoice } from '../brand-kits/brand-choice.ts';
import { usableUploadKey } from '../uploads/usable.ts';
import { brandInputFor } from './brand-input.ts';
import { imageInputFor, refuseSettingsNotTaken, variationSeeds } from './image-input.ts';
import { providerFor, type ImageProviders } from './image-providers.ts';
import type { JobDispatcher } from './job-dispatch.ts';
import { resolveModel } from './model-resolver.ts';
import { acceptPaidJobs } from './paid-jobs.ts';
import type { JobRow } from './repo.ts';

export interface ImageJobDeps {
  db: Db;
  access: ViewerLoader;
  providers: ImageProviders;
  dispatcher: JobDispatcher;
}

/**
 * One job per image (one, or a group of variations), all paid in one transaction: the whole cost
 * is reserved or nothing is. The current workspace pays: its credit lock serialises every member's
 * spends, so two requests cannot both pass the check.
 */
export async function createImageJobs(
  deps: ImageJobDeps,
  user: SignedInUser,
  request: z.output<typeof CreateImageGenerationRequest>,
  count: number,
  groupId: string | null,
): Promise<JobRow[]> {
  const { db } = deps;
  const viewer = (await deps.access.viewer(user))!;
  const userId = user.id;
  // Read once: the workspace the request was made in pays and owns the result.
  const workspaceId = user.workspace.id;
  const model = await resolveModel(db, viewer, request.modelType, request.modelId);
  refuseSettingsNotTaken(model, request);
  if (model.mode === 'product' && !request.productUploadId)
    throw new AppError('VALIDATION_FAILED', generationMessages.productImageRequired);
  if (model.mode === 'tryon' && !request.outfitUploadId) throw new AppError('VALIDATION_FAILED', generationMessages.outfitImageRequired);
  const uploadKey = (id: string | undefined) => usableUploadKey(db, viewer, id);
  const keys = {
    productKey: model.mode === 'product' ? await uploadKey(request.productUploadId) : undefined,
    backgroundKey: model.mode === 'product' ? await uploadKey(request.backgroundUploadId) : undefined,
    outfitKey: model.mode === 'tryon' ? await uploadKey(request.outfitUploadId) : undefined,
  };
  const brand = brandInputFor(await resolveBrandChoice(db, user, request.brandKitId));
  const seeds = variationSeeds(count, request.seed, () => randomInt(0, MAX_SEED + 1));
  const inputs = seeds.map((seed) => ({
    ...imageInputFor(model, { prompt: request.prompt, aspectRatio: request.aspectRatio, seed, ...keys }),
    ...(brand ? { brand } : {}),
  }));
  const provider = providerFor(deps.providers, inputs[0]!);
  const total = IMAGE_COST * count;

  // The reservations, the jobs and their queue entries commit together, or none of them does.
  return db.transaction(async (tx) => {
    await lockCredits(tx, workspaceId);
    await deps.dispatcher.admit(tx, userId, count);
    if ((await getBalance(tx, workspaceId)) < total) {
      throw new AppError(
        'INSUFFICIENT_CREDITS',
        count === 1 ? generationMessages.notEnoughCredits(IMAGE_COST, 'an image') : variationMessages.notEnoughCredits(count, total),
      );
    }
    return acceptPaidJobs(
      tx,
      deps.dispatcher,
      userId,
      inputs.map((input, variation) => ({
        id: randomUUID(),
        workspaceId,
        userId,
        kind: 'image',
        status: 'waiting',
        provider: provider.name,
        modelName: model.displayName,
        input,
        cost: IMAGE_COST,
        ...(groupId ? { groupId, variation } : {}),
      })),
      ledgerMessages.image(model.displayName),
    );
  });
}
