import { generationMessages, videoMessages, videoProgressPercent } from '#contracts/generation.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import { ProviderError } from '../../providers/ai/provider-error.ts';
import type { VideoPhase, VideoProvider } from '../../providers/ai/video-provider.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { insertKlipOnce } from '../klips/repo.ts';
import { brandAttributes, klipBrandKit, providerPrompt } from './brand-input.ts';
import type { GenerationEvents } from './events.ts';
import type { OnJobFinishedIn } from './job-finish.ts';
import { markSucceeded, recordProgress, type JobRow } from './repo.ts';
import type { JobRunner } from './runner.ts';
import type { VideoGenerationInput } from './video-input.ts';
import { storeVideoOutput } from './video-output.ts';

export interface VideoRunDeps {
  db: Db;
  storage: Storage;
  events: GenerationEvents;
  provider: VideoProvider;
  timeoutMs: number;
  /** In the transaction that writes the job's success (webhooks). */
  onJobFinishedIn?: OnJobFinishedIn | undefined;
}

export interface VideoRunContext extends VideoRunDeps {
  log: Logger;
}

export function createVideoRunner(deps: VideoRunDeps): JobRunner {
  return {
    failureTexts: {
      unavailable: videoMessages.unavailable,
      timedOut: videoMessages.timedOut,
      failedFallback: videoMessages.failedFallback,
    },
    async run(job, { log, succeeded }) {
      const done = await runVideoJob({ ...deps, log }, job);
      if (done) await succeeded(done);
    },
  };
}

const SAVING_STEP = 4;
const phaseSteps: Record<VideoPhase, number> = { generating: 2, finalizing: 3 };

/**
 * Runs a claimed video job through the spec's five steps (preparing → processing → generating →
 * finalizing → saving) and saves the klip. Each step is written to the job row once and published,
 * so the editor's bar follows the real work. Throws on failure; the caller fails and refunds.
 * Returns the succeeded job, or undefined when it had already finished (a duplicate run).
 */
export async function runVideoJob(ctx: VideoRunContext, job: JobRow): Promise<JobRow | undefined> {
  const { db, storage, events, log, provider } = ctx;
  const input = job.input as VideoGenerationInput;
  let step = job.step;
  let writing: Promise<void> = Promise.resolve();
  const advance = (next: number) => {
    if (next <= step) return writing;
    step = next;
    // Steps are written in order even when the provider reports them quickly.
    const previous = writing;
    writing = (async () => {
      await previous;
      try {
        await recordProgress(db, job.id, videoProgressPercent(next), next);
        events.publish(job.id);
      } catch (err) {
        log.warn({ err }, 'progress update failed');
      }
    })();
    return writing;
  };

  const reference = await storage.get(input.referenceKey);
  if (!reference) throw new ProviderError({ provider: 'klipt', message: generationMessages.uploadNotFound });
  await advance(1);

  const result = await provider.generate(
    {
      subject: providerPrompt(input.subject, input.brand),
      negativePrompt: input.negativePrompt,
      effect: input.effect,
      image: reference,
      seed: input.seed,
      videoLength: input.videoLength,
      resolution: input.resolution,
      steps: input.steps,
    },
    { signal: AbortSignal.timeout(ctx.timeoutMs), onPhase: (phase) => void advance(phaseSteps[phase]) },
  );
  await advance(SAVING_STEP);

  const output = await storeVideoOutput(storage, { userId: job.userId, jobId: job.id, provider: provider.name }, result, reference);
  const attributes: Record<string, string> = {
    subject: input.subject,
    effect: input.effect,
    video_length: String(input.videoLength),
    resolution: String(input.resolution),
    steps: String(input.steps),
    seed: String(input.seed),
    width: String(output.width),
    height: String(output.height),
    duration: output.durationSeconds.toFixed(2),
    provider: provider.name,
    ...brandAttributes(input.brand),
    ...result.attributes,
  };
  const done = await db.transaction(async (tx) => {
    const klip = await insertKlipOnce(
      tx,
      {
        // The klip belongs where the job was paid, whichever workspace its member works in now.
        workspaceId: job.workspaceId,
        userId: job.userId,
        klipType: 'video',
        mediaKey: output.mediaKey,
        thumbnailKey: output.thumbnailKey,
        posterKey: output.posterKey,
        mimeType: 'video/mp4',
        width: output.width,
        height: output.height,
        prompt: input.subject,
        modelName: job.modelName,
        source: provider.name,
        isPublic: false,
        generationJobId: job.id,
        ...klipBrandKit(input.brand),
      },
      attributes,
    );
    const row = await markSucceeded(tx, job.id, klip.id, SAVING_STEP);
    if (row) await ctx.onJobFinishedIn?.(tx, row, { status: 'succeeded' });
    return row;
  });
  if (done) log.info({ provider: provider.name, effect: input.effect }, 'video generated');
  events.publish(job.id);
  return done;
}
