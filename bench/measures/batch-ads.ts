import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { AdSizeId } from '#contracts/ad-formats.ts';
import { loadConfig } from '#server/config.ts';
import { openEmbeddedDatabase } from '#server/db/client.ts';
import { prepareDatabase } from '#server/db/open-from-config.ts';
import { aiModels, batchItems, uploads } from '#server/db/schema/index.ts';
import { silentLogger } from '#server/lib/logger.ts';
import { makeSuperAdmin } from '#server/modules/admin/bootstrap.ts';
import { bookOnce } from '#server/modules/credits/ledger.ts';
import { createRuntime } from '#server/runtime/runtime.ts';
import { createTeam, givePlan, selectWorkspace, signedInUser } from '#test-support/workspaces.ts';
import type { Measure } from '../lib.ts';

const ITEMS = 20;
const SIZES: AdSizeId[] = ['square-feed', 'story', 'facebook-ad'];
const TIMEOUT_MS = 15 * 60_000;
const round = (v: number) => Math.round(v * 10) / 10;

/**
 * A batch of 20 product photos with a saved look that makes 3 ad sizes, through the real batch path
 * in one process (ROLE=all, PGlite, the local renderer): the batch service, the generation worker,
 * the make-batch-ads job and the ad renderer. Times from the request until every item has its klip
 * and its ad set.
 */
export async function measureBatchAds(): Promise<Measure[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'klipt-bench-batch-ads-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret' });
  const database = await openEmbeddedDatabase({ dataDir: 'memory://' });
  await prepareDatabase(database);
  const runtime = await createRuntime({ config, database, logger: silentLogger(), rateLimitsDisabled: true });
  const { services, storage } = runtime;
  const db = database.db;
  try {
    const owner = await makeSuperAdmin(db, 'batch-ads@example.com', 'bench password', (u) => services.account.setUp(u));
    const teamId = await createTeam(db, owner.userId, 'Bench team');
    await givePlan(db, teamId, owner.userId, 'growth');
    await selectWorkspace(db, owner.userId, teamId);
    await bookOnce(db, { workspaceId: teamId, userId: owner.userId, amount: ITEMS, type: 'grant', reference: `bench:${teamId}` });
    const caller = await signedInUser(db, owner.userId);
    const kit = await services.brandKits.kits.create(caller, teamId, {
      name: 'Bench kit',
      colors: [
        { name: 'Navy', hex: '#1E3A8A' },
        { name: 'Sun', hex: '#FFD400' },
      ],
      headingFont: { kind: 'catalog', id: 'poppins' },
      bodyFont: { kind: 'catalog', id: 'lora' },
      voice: null,
      avoidWords: [],
    });
    const [model] = await db.select().from(aiModels).where(eq(aiModels.slug, 'ai-product-photo-editor'));
    const look = await services.looks.create(caller, teamId, {
      name: 'Bench look',
      modelType: 'standard',
      modelId: model!.id,
      prompt: 'on a marble counter, soft light',
      backgroundUploadId: null,
      brandKitId: kit.id,
      adLayout: 'bottom-bar',
      adTexts: { headline: 'Fresh bottles for every desk', subline: 'Free shipping', price: null, cta: 'Shop now' },
      adSizes: SIZES,
      exportPresets: [],
    });
    const productUploadIds: string[] = [];
    for (let i = 0; i < ITEMS; i++) {
      const png = await sharp({ create: { width: 512, height: 512, channels: 3, background: `hsl(${i * 18},60%,45%)` } })
        .png()
        .toBuffer();
      const key = `uploads/${owner.userId}/bench-${i}.png`;
      await storage.put(key, png, { contentType: 'image/png', visibility: 'private' });
      const [row] = await db
        .insert(uploads)
        .values({
          userId: owner.userId,
          workspaceId: teamId,
          key,
          mimeType: 'image/png',
          width: 512,
          height: 512,
          bytes: png.length,
          originalName: `p${i}.png`,
        })
        .returning();
      productUploadIds.push(row!.id);
    }
    await runtime.startWorkers({ tasks: ['recover-generations'] });

    const started = performance.now();
    const batch = await services.batches.create(caller, { name: 'Bench batch', productUploadIds, storeProductIds: [], lookId: look.id });
    let klipsDoneAt = 0;
    for (;;) {
      const { counts } = await services.batches.get(caller, batch.id);
      if (!klipsDoneAt && counts.succeeded + counts.failed === ITEMS) klipsDoneAt = performance.now();
      const items = await db.select({ adSetId: batchItems.adSetId }).from(batchItems).where(eq(batchItems.batchId, batch.id));
      if (items.every((item) => item.adSetId)) break;
      if (performance.now() - started > TIMEOUT_MS) throw new Error('the batch and its ads did not finish in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const total = performance.now() - started;
    return [
      {
        name: `batch of ${ITEMS} items × ${SIZES.length} ad sizes, through the batch path (total)`,
        value: round(total / 1000),
        unit: 's',
        better: 'lower',
        detail: {
          items: ITEMS,
          sizes: SIZES.join(','),
          klipsDoneS: round((klipsDoneAt - started) / 1000),
          // What the ads add after the last klip was saved (they run beside the generation jobs before that).
          adsAfterLastKlipS: round((total - (klipsDoneAt - started)) / 1000),
          loadAvg: round(os.loadavg()[0]!),
        },
      },
    ];
  } finally {
    await runtime.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
