import { ledgerMessages } from '#contracts/credits.ts';
import { randomInt, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { generationMessages, MAX_SEED, VIDEO_COST, type CreateVideoGenerationRequest } from '#contracts/generation.ts';
import { VIDEO_NEGATIVE_PROMPT } from '#contracts/video-effects.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { VideoProvider } from '../../providers/ai/video-provider.ts';
import type { SignedInUser } from '../../http/caller.ts';
import type { ViewerLoader } from '../access/viewer.ts';
import { getBalance, lockCredits } from '../credits/ledger.ts';
import { resolveBrandChoice } from '../brand-kits/brand-choice.ts';
import { usableUploadKey } from '../uploads/usable.ts';
import { brandInputFor } from './brand-input.ts';
import type { JobDispatcher } from './job-dispatch.ts';
import { acceptPaidJobs } from './paid-jobs.ts';
import type { JobRow } from './repo.ts';
import { VIDEO_MODEL_NAME, type VideoGenerationInput } from './video-input.ts';

export interface VideoJobDeps {
  db: Db;
  access: ViewerLoader;
  videos: VideoProvider;
  dispatcher: JobDispatcher;
}

/** One video job from a reference upload of the current workspace, paid by that workspace in the transaction that accepts it. */
export async function createVideoJob(
  deps: VideoJobDeps,
  user: SignedInUser,
  request: z.output<typeof CreateVideoGenerationRequest>,
): Promise<JobRow> {
  const { db } = deps;
  const viewer = (await deps.access.viewer(user))!;
  const userId = user.id;
  const workspaceId = user.workspace.id;
  const referenceKey = await usableUploadKey(db, viewer, request.referenceUploadId);
  const brand = brandInputFor(await resolveBrandChoice(db, user, request.brandKitId));
  const input: VideoGenerationInput = {
    subject: request.subject,
    effect: request.effect,
    referenceUploadId: request.referenceUploadId,
    referenceKey: referenceKey!,
    videoLength: request.videoLength,
    resolution: request.resolution,
    steps: request.steps,
    seed: request.seed ?? randomInt(0, MAX_SEED + 1),
    negativePrompt: VIDEO_NEGATIVE_PROMPT,
    ...(brand ? { brand } : {}),
  };
  return db.transaction(async (tx) => {
    await lockCredits(tx, workspaceId);
    await deps.dispatcher.admit(tx, userId, 1);
    if ((await getBalance(tx, workspaceId)) < VIDEO_COST)
      throw new AppError('INSUFFICIENT_CREDITS', generationMessages.notEnoughCredits(VIDEO_COST, 'a video'));
    const [job] = await acceptPaidJobs(
      tx,
      deps.dispatcher,
      userId,
      [
        {
          id: randomUUID(),
          workspaceId,
          userId,
          kind: 'video',
          status: 'waiting',
          provider: deps.videos.name,
          modelName: VIDEO_MODEL_NAME,
          input,
          cost: VIDEO_COST,
        },
      ],
      ledgerMessages.video(request.effect),
    );
    return job!;
  });
}
