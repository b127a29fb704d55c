import { generationMessages } from '#contracts/generation.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { neutralStudioBackground } from '../../lib/studio-background.ts';
import type { ImageRequest } from '../../providers/ai/image-provider.ts';
import { ProviderError } from '../../providers/ai/provider-error.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { insertKlipOnce, setKlipThumbnail } from '../klips/repo.ts';
import { ensureTags, linkTags } from '../klips/tag-repo.ts';
import type { GenerationEvents } from './events.ts';
import type { OnJobFinishedIn } from './job-finish.ts';
import { brandAttributes, klipBrandKit, providerPrompt } from './brand-input.ts';
import { providerFor, type ImageProviders } from './image-providers.ts';
import type { GenerationInput } from './input.ts';
import { storeImageOutput, storeThumbnail } from './output.ts';
import { markSucceeded, recordProgress, type JobRow } from './repo.ts';
import type { JobRunner } from './runner.ts';

export interface ImageRunDeps {
  db: Db;
  storage: Storage;
  events: GenerationEvents;
  providers: ImageProviders;
  providerTimeoutMs: number;
  /**
   * Runs in the transaction that writes an image job's success, once per job (the runtime hands
   * the batches module's hook: a batch item's ads are queued there).
   */
  onImageSucceededIn?: ((tx: DbOrTx, row: JobRow) => Promise<void>) | undefined;
  /** In the same transaction, after it (webhooks). */
  onJobFinishedIn?: OnJobFinishedIn | undefined;
}

/**
 * Runs a claimed image job: reads its inputs, asks the provider (its progress written from 10 %
 * to 85 %), stores the image, commits the klip with its attributes and tags, then makes the grid
 * thumbnail while the user's next job starts.
 */
export function createImageRunner(deps: ImageRunDeps): JobRunner {
  const { db, storage, events } = deps;
  return {
    failureTexts: {
      unavailable: generationMessages.unavailable,
      timedOut: generationMessages.timedOut,
      failedFallback: generationMessages.failedFallback,
    },
    async run(job, { log, succeeded }) {
      const jobId = job.id;
      const runStarted = performance.now();
      const input = job.input as GenerationInput;
      const provider = providerFor(deps.providers, input);
      let lastProgress = job.progress;
      const progress = async (value: number, step: number) => {
        if (value - lastProgress < 5 && value < 100) return;
        lastProgress = value;
        await recordProgress(db, jobId, value, step);
        events.publish(jobId);
      };
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
        prompt: providerPrompt(input.prompt, input.brand),
        negativePrompt: input.negativePrompt,
        seed: input.seed,
        width: input.width,
        height: input.height,
        aspectRatio: input.aspectRatio,
        ...(productImage ? { productImage } : {}),
        ...(backgroundImage ? { backgroundImage } : {}),
        ...(outfitImage ? { outfitImage } : {}),
        ...(input.trained ? { trained: input.trained } : {}),
        ...(input.brand?.palette.length ? { palette: input.brand.palette } : {}),
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
        ...brandAttributes(input.brand),
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
            // The klip belongs where the job was paid, whichever workspace its member works in now.
            workspaceId: job.workspaceId,
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
            ...klipBrandKit(input.brand),
          },
          attributes,
        );
        if (input.klipTags?.length) await linkTags(tx, klip.id, [...(await ensureTags(tx, input.klipTags)).values()]);
        const row = await markSucceeded(tx, jobId, klip.id, 2);
        if (row && deps.onImageSucceededIn) await deps.onImageSucceededIn(tx, row);
        if (row) await deps.onJobFinishedIn?.(tx, row, { status: 'succeeded' });
        return row;
      });
      const committed = performance.now();
      events.publish(jobId);
      // Only the run whose markSucceeded returned the row logs it and makes the thumbnail.
      if (!done) return;
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
      await Promise.all([succeeded(done), thumbnail()]);
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
    },
  };
}
