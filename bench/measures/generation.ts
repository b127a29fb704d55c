import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '#server/config.ts';
import { openEmbeddedDatabase } from '#server/db/client.ts';
import { prepareDatabase } from '#server/db/open-from-config.ts';
import { silentLogger } from '#server/lib/logger.ts';
import { makeSuperAdmin } from '#server/modules/admin/bootstrap.ts';
import type { ImageProvider } from '#server/providers/ai/image-provider.ts';
import { createAiProviders } from '#server/providers/ai/index.ts';
import { createRuntime } from '#server/runtime/runtime.ts';
import { signedInUser } from '#test-support/workspaces.ts';
import { percentile, type Measure } from '../lib.ts';

/**
 * Job pickup latency and Klipt's own overhead per image generation, measured against a provider
 * stub with a fixed latency (so only our work is timed): overhead = end-to-end − that latency.
 */
export async function measureGeneration(runs = 40, providerLatencyMs = 100): Promise<Measure[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'klipt-bench-gen-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    WELCOME_CREDITS: '1000',
  });
  const logger = silentLogger();
  const database = await openEmbeddedDatabase({ dataDir: 'memory://' });
  await prepareDatabase(database);

  const image = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer();
  const calledAt: number[] = [];
  const stub: ImageProvider = {
    name: 'local',
    async generate() {
      calledAt.push(performance.now());
      await new Promise((resolve) => setTimeout(resolve, providerLatencyMs));
      return { data: image, mimeType: 'image/png' };
    },
  };
  // The same runtime the server runs; only the provider is replaced by a stub of known latency.
  const runtime = await createRuntime({
    config,
    database,
    logger,
    rateLimitsDisabled: true,
    ai: { ...createAiProviders(config), standardImages: stub },
  });
  await runtime.startWorkers({ tasks: false });
  const { services } = runtime;

  try {
    const user = await makeSuperAdmin(database.db, 'bench@example.com', 'bench password', (u) => services.account.setUp(u));
    const caller = await signedInUser(database.db, user.userId);
    const [model] = (await services.models.standard()).filter((m) => m.mode === 'text');
    const pickups: number[] = [];
    const overheads: number[] = [];
    for (let i = 0; i < runs + 3; i++) {
      const started = performance.now();
      const job = await services.generation.createImage(caller, {
        modelType: 'standard',
        modelId: model!.id,
        prompt: `bench ${i}`,
        aspectRatio: '1:1',
      });
      const queuedAt = performance.now();
      await new Promise<void>((resolve) => {
        const check = async () => {
          const j = await services.generation.get(user.userId, job.id);
          if (j.status === 'succeeded' || j.status === 'failed') {
            stop();
            resolve();
          }
        };
        const stop = services.generationEvents.subscribe(job.id, () => void check());
      });
      const done = performance.now();
      if (i < 3) continue; // warm-up
      pickups.push(calledAt.at(-1)! - queuedAt);
      overheads.push(done - started - providerLatencyMs);
    }
    const measure = (name: string, values: number[], target: number): Measure[] => [
      { name: `${name} p50`, value: Number(percentile(values, 50).toFixed(1)), unit: 'ms', target, better: 'lower', detail: { runs } },
      { name: `${name} p95`, value: Number(percentile(values, 95).toFixed(1)), unit: 'ms', better: 'lower', detail: { runs } },
    ];
    return [...measure('generation job pickup', pickups, 25), ...measure('generation server overhead', overheads, 30)];
  } finally {
    await runtime.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
