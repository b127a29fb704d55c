import { randomInt, randomUUID } from 'node:crypto';
import {
  generationMessages,
  IMAGE_COST,
  MAX_SEED,
  VIDEO_COST,
  videoMessages,
  variationMessages,
  type CreateImageGenerationRequest,
  type CreateImageVariationsRequest,
  type CreateVideoGenerationRequest,
  type GenerationJob,
} from '../../../contracts/generation.ts';
import { VIDEO_NEGATIVE_PROMPT } from '../../../contracts/video-effects.ts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { neutralStudioBackground } from '../../lib/studio-background.ts';
import type { ImageProvider, ImageRequest } from '../../providers/ai/image-provider.ts';
import { ProviderError } from '../../providers/ai/provider-error.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import type { VideoProvider } from '../../providers/ai/video-provider.ts';
import type { ActivityRecorder } from '../activity/log.ts';
import { bookOnce, getBalance, lockCredits } from '../credits/ledger.ts';
import { insertKlipOnce, setKlipThumbnail } from '../klips/repo.ts';
import { ensureTags, linkTags } from '../klips/tag-repo.ts';
import { usableUploadKey } from '../uploads/usable.ts';
import type { Viewer } from '../access/rules.ts';
import type { ViewerLoader } from '../access/viewer.ts';
import { generationFailedEntry, generationSucceededEntry } from './activity.ts';
import { generationCreditReference } from './credit-reference.ts';
import type { JobDispatcher } from './job-dispatch.ts';
import { insertPaidJobs, type NewJob } from './paid-jobs.ts';
import type { GenerationEvents } from './events.ts';
import { imageInputFor, refuseSettingsNotTaken, variationSeeds } from './image-input.ts';
import type { GenerationInput } from './input.ts';
import { queueOfKind } from './jobs.ts';
import { resolveModel } from './model-resolver.ts';
import { storeImageOutput, storeThumbnail } from './output.ts';
import {
  claimJob,
  countInFlight,
  findGroupJobs,
  findLatestUserJob,
  findQueuedJobs,
  findStaleRunningJobs,
  findUserJob,
  heartbeat,
  lockQueuedJob,
  markFailed,
  markSucceeded,
  recordProgress,
  requeueJob,
  type JobRow,
} from './repo.ts';
import { loadGenerationJob, toGenerationJob } from './serialize.ts';
import { VIDEO_MODEL_NAME, type VideoGenerationInput } from './video-input.ts';
import { runVideoJob } from './video-run.ts';

export interface ImageProviders {
  standard: ImageProvider;
  trained: ImageProvider;
}

export interface GenerationService {
  createImage(userId: string, request: z.output<typeof CreateImageGenerationRequest>): Promise<GenerationJob>;
  /** 1 to 4 images of one request, paid all or nothing; each its own job, seed and klip. */
  createVariations(
    userId: string,
    request: z.output<typeof CreateImageVariationsRequest>,
  ): Promise<{ groupId: string; jobs: GenerationJob[] }>;
  createVideo(userId: string, request: z.output<typeof CreateVideoGenerationRequest>): Promise<GenerationJob>;
  get(userId: string, jobId: string): Promise<GenerationJob>;
  /** The latest editor job of a kind with every job of its variation group (batch jobs are left out). */
  latest(userId: string, kind: 'image' | 'video'): Promise<{ job: GenerationJob | null; variations: GenerationJob[] }>;
  /** The worker: runs a queued job to success or to a refunded failure. Safe to call twice. */
  run(jobId: string): Promise<void>;
  /**
   * Sends again the accepted jobs no live worker holds; requeues running jobs whose worker died,
   * and fails and refunds those that keep dying (docs/operations.md#job-recovery).
   */
  recoverStale(): Promise<{ resent: number; requeued: number; failed: number; started: number }>;
}

export interface GenerationDeps {
  db: Db;
  access: ViewerLoader;
  jobs: JobQueue;
  storage: Storage;
  events: GenerationEvents;
  logger: Logger;
  providers: ImageProviders;
  providerTimeoutMs: number;
  videos: VideoProvider;
  videoTimeoutMs: number;
  /** Logs each job's final state once, after it commits. */
  recordActivity: ActivityRecorder;
  /** A running job without a heartbeat for this long is considered lost. */
  staleAfterSeconds?: number;
  maxAttempts?: number;
  heartbeatMs?: number;
  /** Each user's share of the queues: the unfinished cap, and the next waiting jobs when one of theirs finishes. */
  dispatcher: JobDispatcher;
}

export function createGenerationService(deps: GenerationDeps): GenerationService {
  const { db, storage, events, logger } = deps;
  const staleAfterSeconds = deps.staleAfterSeconds ?? 30;
  const maxAttempts = deps.maxAttempts ?? 3;
  const heartbeatMs = deps.heartbeatMs ?? 5_000;

  const serialize = (row: JobRow): Promise<GenerationJob> => loadGenerationJob(db, storage, row);

  const uploadKey = (viewer: Viewer, id: string | undefined) => usableUploadKey(db, viewer, id);

  /** Marks the job failed and gives the reservation back, in one transaction, exactly once. */
  const failAndRefund = async (job: JobRow, error: { code: string; message: string }) => {
    const failed = await db.transaction(async (tx) => {
      const row = await markFailed(tx, job.id, error);
      if (!row) return undefined;
      const refunded =
        row.cost > 0 &&
        (await bookOnce(tx, {
          userId: row.userId,
          amount: row.cost,
          type: 'refund',
          reference: generationCreditReference(row.id),
          description: 'Refund: generation failed',
        }));
      return { row, refundedCredits: refunded ? row.cost : 0 };
    });
    if (!failed) return undefined;
    events.publish(job.id);
    await deps.recordActivity(generationFailedEntry(failed.row, failed.refundedCredits));
    await nextJobs(failed.row);
    return failed.row;
  };

  /** A finished job frees one of its user's places in the queue: their next waiting one starts. */
  const nextJobs = async (row: JobRow) => {
    try {
      await deps.dispatcher.startWaiting(row.userId);
    } catch (err) {
      // Recovery's sweep starts them within seconds.
      logger.warn({ err, userId: row.userId }, 'could not start waiting jobs');
    }
  };

  /**
   * Stores jobs the caller has admitted and paid for in its transaction (credit lock, cap, balance):
   * inserts them `waiting` with their usage rows and queues those that fit the user's share at once
   * (ADR 0018). Rows come back in the order given, with the status they committed with.
   */
  const acceptJobs = async (tx: DbOrTx, userId: string, jobs: NewJob[], description: string): Promise<JobRow[]> => {
    const rows = await insertPaidJobs(tx, jobs, description);
    const started = await deps.dispatcher.startWaitingIn(tx, userId);
    return rows.map((row) => (started.has(row.id) ? { ...row, status: 'queued' as const } : row));
  };

  const startHeartbeat = (jobId: string, log: Logger) => {
    const beat = setInterval(() => {
      heartbeat(db, jobId).catch((err: unknown) => log.warn({ err }, 'heartbeat failed'));
    }, heartbeatMs);
    beat.unref();
    return beat;
  };

  const providerFor = (input: GenerationInput) => (input.modelType === 'trained' ? deps.providers.trained : deps.providers.standard);

  /**
   * One job per image, all paid in one transaction: the whole cost is reserved or nothing is
   * (the credit lock serialises the user's spends, so two requests cannot both pass the check).
   */
  const createImageJobs = async (
    userId: string,
    request: z.output<typeof CreateImageGenerationRequest>,
    count: number,
    groupId: string | null,
  ): Promise<JobRow[]> => {
    const viewer = (await deps.access.viewer({ id: userId }))!;
    const model = await resolveModel(db, viewer, request.modelType, request.modelId);
    refuseSettingsNotTaken(model, request);
    if (model.mode === 'product' && !request.productUploadId)
      throw new AppError('VALIDATION_FAILED', generationMessages.productImageRequired);
    if (model.mode === 'tryon' && !request.outfitUploadId) throw new AppError('VALIDATION_FAILED', generationMessages.outfitImageRequired);
    const keys = {
      productKey: model.mode === 'product' ? await uploadKey(viewer, request.productUploadId) : undefined,
      backgroundKey: model.mode === 'product' ? await uploadKey(viewer, request.backgroundUploadId) : undefined,
      outfitKey: model.mode === 'tryon' ? await uploadKey(viewer, request.outfitUploadId) : undefined,
    };
    const seeds = variationSeeds(count, request.seed, () => randomInt(0, MAX_SEED + 1));
    const inputs = seeds.map((seed) => imageInputFor(model, { prompt: request.prompt, aspectRatio: request.aspectRatio, seed, ...keys }));
    const provider = providerFor(inputs[0]!);
    const total = IMAGE_COST * count;

    // The reservations, the jobs and their queue entries commit together, or none of them does.
    return db.transaction(async (tx) => {
      await lockCredits(tx, userId);
      await deps.dispatcher.admit(tx, userId, count);
      if ((await getBalance(tx, userId)) < total) {
        throw new AppError(
          'INSUFFICIENT_CREDITS',
          count === 1 ? generationMessages.notEnoughCredits(IMAGE_COST, 'an image') : variationMessages.notEnoughCredits(count, total),
        );
      }
      return acceptJobs(
        tx,
        userId,
        inputs.map((input, variation) => ({
          id: randomUUID(),
          userId,
          kind: 'image',
          status: 'waiting',
          provider: provider.name,
          modelName: model.displayName,
          input,
          cost: IMAGE_COST,
          ...(groupId ? { groupId, variation } : {}),
        })),
        `Image: ${model.displayName}`,
      );
    });
  };

  const service: GenerationService = {
    async createImage(userId, request) {
      const [job] = await createImageJobs(userId, request, 1, null);
      return toGenerationJob(job!, null);
    },

    async createVariations(userId, request) {
      const groupId = randomUUID();
      const rows = await createImageJobs(userId, request, request.count, groupId);
      return { groupId, jobs: rows.map((row) => toGenerationJob(row, null)) };
    },

    async createVideo(userId, request) {
      const viewer = (await deps.access.viewer({ id: userId }))!;
      const referenceKey = await uploadKey(viewer, request.referenceUploadId);
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
      };
      const row = await db.transaction(async (tx) => {
        await lockCredits(tx, userId);
        await deps.dispatcher.admit(tx, userId, 1);
        if ((await getBalance(tx, userId)) < VIDEO_COST)
          throw new AppError('INSUFFICIENT_CREDITS', generationMessages.notEnoughCredits(VIDEO_COST, 'a video'));
        const [job] = await acceptJobs(
          tx,
          userId,
          [
            {
              id: randomUUID(),
              userId,
              kind: 'video',
              status: 'waiting',
              provider: deps.videos.name,
              modelName: VIDEO_MODEL_NAME,
              input,
              cost: VIDEO_COST,
            },
          ],
          `Video: ${request.effect}`,
        );
        return job!;
      });
      return toGenerationJob(row, null);
    },

    async get(userId, jobId) {
      const row = await findUserJob(db, userId, jobId);
      if (!row) throw new AppError('NOT_FOUND', generationMessages.jobNotFound);
      return serialize(row);
    },

    async latest(userId, kind) {
      const row = await findLatestUserJob(db, userId, kind);
      if (!row) return { job: null, variations: [] };
      const group = row.groupId ? await findGroupJobs(db, userId, row.groupId) : [row];
      const variations = await Promise.all(group.map(serialize));
      return { job: variations.find((job) => job.id === row.id) ?? (await serialize(row)), variations };
    },

    async run(jobId) {
      const job = await claimJob(db, jobId);
      if (!job) return;
      events.publish(jobId);
      const log = logger.child({ generation: jobId });
      if (job.kind === 'video') {
        const beat = startHeartbeat(jobId, log);
        try {
          const done = await runVideoJob({ db, storage, events, log, provider: deps.videos, timeoutMs: deps.videoTimeoutMs }, job);
          if (done) await Promise.all([nextJobs(done), deps.recordActivity(generationSucceededEntry(done))]);
        } catch (err) {
          if (err instanceof ProviderError && err.operator)
            log.error({ err, provider: err.provider }, 'provider account problem: operator action needed');
          else log.warn({ err }, 'video generation failed');
          await failAndRefund(job, describeFailure(err, 'video'));
        } finally {
          clearInterval(beat);
        }
        return;
      }
      const runStarted = performance.now();
      const input = job.input as GenerationInput;
      const provider = providerFor(input);
      const beat = startHeartbeat(jobId, log);
      let lastProgress = job.progress;
      const progress = async (value: number, step: number) => {
        if (value - lastProgress < 5 && value < 100) return;
        lastProgress = value;
        await recordProgress(db, jobId, value, step);
        events.publish(jobId);
      };
      try {
        const read = async (key: string | undefined) => (key ? ((await storage.get(key)) ?? undefined) : undefined);
        const productImage = await read(input.productKey);
        const outfitImage = await read(input.outfitKey);
        let backgroundImage = await read(input.backgroundKey);
        if (input.mode === 'product' && !productImage)
          throw new ProviderError({ provider: 'klipt', message: generationMessages.productImageRequired });
        if (input.mode === 'tryon' && !outfitImage)
          throw new ProviderError({ provider: 'klipt', message: generationMessages.outfitImageRequired });
        if (input.mode === 'product' && !backgroundImage && provider.name !== 'local') {
          backgroundImage = await neutralStudioBackground(input.width, input.height);
        }
        const request: ImageRequest = {
          mode: input.mode,
          modelSlug: input.modelSlug,
          prompt: input.prompt,
          negativePrompt: input.negativePrompt,
          seed: input.seed,
          width: input.width,
          height: input.height,
          aspectRatio: input.aspectRatio,
          ...(productImage ? { productImage } : {}),
          ...(backgroundImage ? { backgroundImage } : {}),
          ...(outfitImage ? { outfitImage } : {}),
          ...(input.trained ? { trained: input.trained } : {}),
        };
        const providerStarted = performance.now();
        const result = await provider.generate(request, {
          signal: AbortSignal.timeout(deps.providerTimeoutMs),
          onProgress: (p) => {
            progress(Math.round(10 + Math.max(0, Math.min(100, p)) * 0.75), 1).catch((err: unknown) =>
              log.warn({ err }, 'progress update failed'),
            );
          },
        });
        const providerEnded = performance.now();
        const providerMs = providerEnded - providerStarted;
        const output = await storeImageOutput(storage, job.userId, jobId, result);
        const attributes: Record<string, string> = {
          aspect_ratio: input.aspectRatio,
          seed: String(input.seed),
          width: String(output.width),
          height: String(output.height),
          model: input.modelSlug,
          model_type: input.modelType,
          negative_prompt: input.negativePrompt,
          provider: provider.name,
          ...(input.trained
            ? {
                finetune_strength: String(input.trained.finetuneStrength),
                safety_tolerance: String(input.trained.safetyTolerance),
                output_format: input.trained.outputFormat,
                image_prompt_strength: String(input.trained.imagePromptStrength),
              }
            : {}),
          ...result.attributes,
        };
        const done = await db.transaction(async (tx) => {
          const klip = await insertKlipOnce(
            tx,
            {
              userId: job.userId,
              klipType: 'image',
              mediaKey: output.mediaKey,
              mimeType: output.mimeType,
              width: output.width,
              height: output.height,
              prompt: input.prompt,
              modelName: job.modelName,
              source: provider.name,
              isPublic: false,
              generationJobId: jobId,
            },
            attributes,
          );
          if (input.klipTags?.length) await linkTags(tx, klip.id, [...(await ensureTags(tx, input.klipTags)).values()]);
          return markSucceeded(tx, jobId, klip.id, 2);
        });
        const committed = performance.now();
        events.publish(jobId);
        // Only the run whose markSucceeded returned the row logs it and makes the thumbnail.
        if (done) {
          // The seller sees the image first; the grid thumbnail follows (grids show the full image
          // meanwhile). The user's next waiting job starts and the activity row is written while sharp works.
          const thumbnail = async () => {
            try {
              await setKlipThumbnail(db, done.klipId!, await storeThumbnail(storage, job.userId, jobId, result.data, result.thumbnail));
              events.publish(jobId);
            } catch (err) {
              log.warn({ err }, 'thumbnail failed; the klip keeps its full image only');
            }
          };
          await Promise.all([nextJobs(done), deps.recordActivity(generationSucceededEntry(done)), thumbnail()]);
          // Klipt's own time per image is runMs - providerMs (the batch benchmark reads these).
          const ended = performance.now();
          log.info(
            {
              provider: provider.name,
              providerMs: Math.round(providerMs),
              runMs: Math.round(ended - runStarted),
              // Where Klipt's own time goes: inputs read; output stored and klip committed; thumbnail, activity and next waiting job.
              stagesMs: {
                before: Math.round(providerStarted - runStarted),
                save: Math.round(committed - providerEnded),
                after: Math.round(ended - committed),
              },
            },
            'image generated',
          );
        }
      } catch (err) {
        const error = describeFailure(err, 'image');
        if (err instanceof ProviderError && err.operator)
          log.error({ err, provider: err.provider }, 'provider account problem: operator action needed');
        else log.warn({ err }, 'image generation failed');
        await failAndRefund(job, error);
      } finally {
        clearInterval(beat);
      }
    },

    async recoverStale() {
      const resent = await resendUnstarted();
      let requeued = 0;
      let failed = 0;
      for (const job of await findStaleRunningJobs(db, staleAfterSeconds)) {
        if (job.attempts >= maxAttempts) {
          if (await failAndRefund(job, { code: 'GENERATION_LOST', message: generationMessages.lost })) failed++;
          continue;
        }
        const back = await db.transaction(async (tx) => {
          if (!(await requeueJob(tx, job))) return false;
          await deps.jobs.send(queueOfKind[job.kind], { jobId: job.id }, { tx, priority: await placeInLine(tx, job) });
          return true;
        });
        if (back) {
          requeued++;
          events.publish(job.id);
        }
      }
      const started = await deps.dispatcher.startAllWaiting();
      if (resent + requeued + failed > 0) logger.warn({ resent, requeued, failed }, 'recovered interrupted generations');
      return { resent, requeued, failed, started };
    },
  };
  return service;

  /**
   * Accepted jobs that no live worker will start: their queue entry is missing, finished, or held
   * by a worker that died between taking it and claiming the job (docs/operations.md#job-recovery).
   * Each is sent again once, under the job row's lock; a live worker's entry is never touched, and
   * a duplicate delivery is harmless because only one claim (queued → running) succeeds.
   */
  async function resendUnstarted(): Promise<number> {
    const queued = await findQueuedJobs(db, 500);
    let resent = 0;
    for (const kind of ['image', 'video'] as const) {
      const jobs = queued.filter((job) => job.kind === kind);
      if (jobs.length > 0) resent += await resendUnstartedOf(kind, jobs);
    }
    return resent;
  }

  async function resendUnstartedOf(kind: 'image' | 'video', queued: Array<Pick<JobRow, 'id' | 'kind' | 'userId'>>): Promise<number> {
    const queue = queueOfKind[kind];
    const alive = new Set(
      (
        await deps.jobs.unfinished(
          queue,
          'jobId',
          queued.map((job) => job.id),
        )
      )
        .filter((entry) => entry.alive)
        .map((entry) => entry.value),
    );
    let resent = 0;
    for (const job of queued.filter(({ id }) => !alive.has(id))) {
      const jobId = job.id;
      const sent = await db.transaction(async (tx) => {
        if (!(await lockQueuedJob(tx, jobId))) return false;
        // Read again under the lock: another recovery may have sent it a moment ago.
        const entries = await deps.jobs.unfinished(queue, 'jobId', [jobId], { tx });
        if (entries.some((entry) => entry.alive)) return false;
        await deps.jobs.cancel(
          queue,
          entries.map((entry) => entry.id),
          { tx },
        );
        await deps.jobs.send(queue, { jobId }, { tx, priority: await placeInLine(tx, job) });
        return true;
      });
      if (sent) resent++;
    }
    return resent;
  }
}

/** A job sent again keeps the fair order: behind the user's other jobs of its kind in the queue (ADR 0018). */
async function placeInLine(tx: DbOrTx, job: Pick<JobRow, 'id' | 'kind' | 'userId'>): Promise<number> {
  return -(await countInFlight(tx, job.userId, job.kind, job.id));
}

function describeFailure(err: unknown, kind: 'image' | 'video'): { code: string; message: string } {
  const texts = kind === 'video' ? videoMessages : generationMessages;
  if (err instanceof ProviderError) {
    if (err.operator) return { code: 'PROVIDER_UNAVAILABLE', message: texts.unavailable };
    return { code: 'PROVIDER_FAILED', message: err.message || texts.failedFallback };
  }
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return { code: 'PROVIDER_TIMEOUT', message: texts.timedOut };
  }
  return { code: 'GENERATION_FAILED', message: texts.failedFallback };
}
