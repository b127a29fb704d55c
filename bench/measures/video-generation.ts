import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '#server/config.ts';
import { openEmbeddedDatabase } from '#server/db/client.ts';
import { prepareDatabase } from '#server/db/open-from-config.ts';
import { silentLogger } from '#server/lib/logger.ts';
import { makeSuperAdmin } from '#server/modules/admin/bootstrap.ts';
import { createAiProviders } from '#server/providers/ai/index.ts';
import type { VideoProvider } from '#server/providers/ai/video-provider.ts';
import { createRuntime } from '#server/runtime/runtime.ts';
import { testPatternMp4 } from '#test-support/videos.ts';
import { signedInUser } from '#test-support/workspaces.ts';
import { percentile, type Measure } from '../lib.ts';

/**
 * Klipt's own work per video job (queue, claim, five progress steps, probe, storing video, poster
 * and thumbnail, the klip) against a provider stub with a fixed latency: overhead = end-to-end −
 * that latency.
 */
export async function measureVideoGeneration(runs = 15, providerLatencyMs = 200): Promise<Measure[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'klipt-bench-video-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    WELCOME_CREDITS: '1000',
  });
  const database = await openEmbeddedDatabase({ dataDir: 'memory://' });
  await prepareDatabase(database);
  // A 3 s 560p clip, made once, that the stub answers every time.
  const video = await testPatternMp4('560x560', 3);
  const stub: VideoProvider = {
    name: 'local',
    async generate(_request, context) {
      context.onPhase?.('generating');
      await new Promise((resolve) => setTimeout(resolve, providerLatencyMs));
      context.onPhase?.('finalizing');
      return { data: video, mimeType: 'video/mp4' };
    },
  };
  const runtime = await createRuntime({
    config,
    database,
    logger: silentLogger(),
    rateLimitsDisabled: true,
    ai: { ...createAiProviders(config), videos: stub },
  });
  await runtime.startWorkers({ tasks: false });
  const { services } = runtime;
  try {
    const user = await makeSuperAdmin(database.db, 'bench-video@example.com', 'bench password', (u) => services.account.setUp(u));
    const caller = await signedInUser(database.db, user.userId);
    const photo = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#db2777' } })
      .png()
      .toBuffer();
    const reference = await services.uploads.store(caller, { data: photo, filename: 'product.png' });
    const overheads: number[] = [];
    for (let i = 0; i < runs + 2; i++) {
      const started = performance.now();
      const job = await services.generation.createVideo(caller, {
        subject: `bench ${i}`,
        effect: 'squish_it',
        referenceUploadId: reference.id,
        videoLength: 3,
        resolution: 560,
        steps: 30,
      });
      await new Promise<void>((resolve) => {
        const check = async () => {
          const j = await services.generation.get(user.userId, job.id);
          if (j.status === 'succeeded' || j.status === 'failed') {
            if (j.status === 'failed') throw new Error(`bench video failed: ${j.error?.message}`);
            stop();
            resolve();
          }
        };
        const stop = services.generationEvents.subscribe(job.id, () => void check());
      });
      if (i < 2) continue; // warm-up
      overheads.push(performance.now() - started - providerLatencyMs);
    }
    return [
      {
        name: 'video job server overhead p50',
        value: Number(percentile(overheads, 50).toFixed(1)),
        unit: 'ms',
        target: 250,
        better: 'lower',
        detail: { runs, providerLatencyMs },
      },
      {
        name: 'video job server overhead p95',
        value: Number(percentile(overheads, 95).toFixed(1)),
        unit: 'ms',
        better: 'lower',
        detail: { runs },
      },
    ];
  } finally {
    await runtime.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
