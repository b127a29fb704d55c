import { ledgerMessages } from '#contracts/credits.ts';
import { randomInt, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { batchMessages, type Batch, type BatchItem, type CreateBatchRequest } from '#contracts/batches.ts';
import type { ExportPresetId } from '#contracts/exports.ts';
import { generationMessages, IMAGE_COST, MAX_SEED } from '#contracts/generation.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { SignedInUser } from '../../http/caller.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ImageProvider } from '../../providers/ai/image-provider.ts';
import { fileUrl, type Storage } from '../../providers/storage/storage.ts';
import { canUseBatch, type Viewer } from '../access/rules.ts';
import type { ViewerLoader } from '../access/viewer.ts';
import { getBalance, lockCredits } from '../credits/ledger.ts';
import type { AdService } from '../ads/service.ts';
import type { ExportService } from '../exports/service.ts';
import { pickedStoreProducts } from '../stores/picked-products.ts';
import { resolveLookChoice } from '../looks/service.ts';
import {
  brandInputFor,
  cancelUnstartedJobsOfBatch,
  imageInputFor,
  insertPaidJobs,
  refuseSettingsNotTaken,
  resolveModel,
  type GenerationEvents,
  type GenerationInput,
  type JobDispatcher,
} from '../generation/index.ts';
import { resolveBrandChoice } from '../brand-kits/brand-choice.ts';
import { findKlip, findKlips } from '../klips/repo.ts';
import { klipFileUrls, toKlip } from '../klips/serialize.ts';
import { usableUploadKey, usableUploads } from '../uploads/usable.ts';
import { zipEntryNames, zipFileName } from './names.ts';
import {
  adKlipsOfSets,
  claimItemAdSet,
  findItemWithBatch,
  markItemAdsFailed,
  batchPage,
  batchSummaries,
  CANCELLED_CODE,
  findBatch,
  insertBatch,
  insertBatchItems,
  itemPage,
  lockBatch,
  lockFailedItems,
  markBatchCancelled,
  setItemJobs,
  succeededItems,
  touchBatch,
  type BatchRow,
  type BatchSummary,
} from './repo.ts';
import { toBatch, toBatchItemStatus } from './serialize.ts';
import { streamZip } from '../../lib/zip-stream.ts';

type User = SignedInUser;

export interface BatchService {
  create(user: User, request: z.output<typeof CreateBatchRequest>): Promise<Batch>;
  list(user: User, cursor: string | undefined): Promise<{ batches: Batch[]; nextCursor: string | null }>;
  get(user: User, batchId: string): Promise<Batch>;
  items(user: User, batchId: string, cursor: string | undefined): Promise<{ items: BatchItem[]; nextCursor: string | null }>;
  /** Cancels and refunds the items not started yet; running ones finish. 409 when none is left, changing nothing. */
  cancel(user: User, batchId: string): Promise<{ batch: Batch; refundedCredits: number }>;
  /** Runs the failed items again, paid all or nothing. */
  retry(user: User, batchId: string): Promise<Batch>;
  /** The make-batch-ads job: the ads of an item's klip, once (nothing when made already or the batch makes none). */
  makeItemAds(itemId: string, klipId: string): Promise<void>;
  /** The ZIP of the finished images (exported to a preset when asked), streamed. */
  download(user: User, batchId: string, preset: ExportPresetId | undefined): Promise<{ fileName: string; stream: Readable }>;
}

export interface BatchDeps {
  db: Db;
  access: ViewerLoader;
  storage: Storage;
  events: GenerationEvents;
  /** The user's share of the queue: the unfinished cap, and which waiting jobs start now. */
  dispatcher: JobDispatcher;
  exports: ExportService;
  /** Makes the ads of a batch item's klip (a batch with a look's ad sizes). */
  ads: Pick<AdService, 'makeForKlip'>;
  /** The provider a batch job names (batches use standard product models). */
  provider: ImageProvider;
  logger: Logger;
  /** In the transaction that cancels a batch's unstarted items (webhooks: the batch may have finished). */
  onBatchCancelledIn?: ((tx: DbOrTx, batch: BatchRow) => Promise<void>) | undefined;
}

export function createBatchService(deps: BatchDeps): BatchService {
  const { db, storage } = deps;

  const viewerOf = async (user: User): Promise<Viewer> => (await deps.access.viewer(user))!;

  const ownedBatch = async (user: User, batchId: string): Promise<BatchRow> => {
    const batch = await findBatch(db, batchId);
    if (!batch || !canUseBatch(await viewerOf(user), batch)) throw new AppError('NOT_FOUND', batchMessages.notFound);
    return batch;
  };

  /** A page of batches in three queries: the rows, their counts (one grouped query), their covers' klips. */
  const serialize = async (rows: BatchRow[]): Promise<Batch[]> => {
    const summaries = await batchSummaries(
      db,
      rows.map((row) => row.id),
    );
    const coverIds = [...summaries.values()].flatMap((summary) => (summary.coverKlipId ? [summary.coverKlipId] : []));
    const covers = new Map((await findKlips(db, coverIds)).map((klip) => [klip.id, klip]));
    return Promise.all(
      rows.map(async (row) => {
        const summary = summaries.get(row.id) ?? emptySummary(row);
        const cover = summary.coverKlipId ? covers.get(summary.coverKlipId) : undefined;
        const urls = cover ? await klipFileUrls(storage, cover) : null;
        return toBatch(row, summary, urls ? (urls.thumbnailUrl ?? urls.imageUrl) : null);
      }),
    );
  };
  const one = async (row: BatchRow) => (await serialize([row]))[0]!;

  /**
   * New jobs for items, waiting for their user's free place; their cost is booked in the same
   * transaction on the batch's workspace (the caller holds its credit lock and has checked the cap
   * and the balance).
   */
  const insertWaitingJobs = async (
    tx: DbOrTx,
    userId: string,
    batch: Pick<BatchRow, 'name' | 'modelName' | 'workspaceId'>,
    jobs: Array<{ itemId: string; input: GenerationInput }>,
  ) =>
    insertPaidJobs(
      tx,
      jobs.map(({ itemId, input }) => ({
        id: randomUUID(),
        workspaceId: batch.workspaceId,
        userId,
        kind: 'image',
        status: 'waiting',
        provider: deps.provider.name,
        modelName: batch.modelName,
        input,
        cost: IMAGE_COST,
        batchItemId: itemId,
      })),
      ledgerMessages.batch(batch.name),
    );

  return {
    async create(user, request) {
      const viewer = await viewerOf(user);
      const ids = request.productUploadIds;
      if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION_FAILED', batchMessages.duplicateItems);
      // A look fills what the request did not send; the request's own fields win.
      const look = await resolveLookChoice(db, user, request.lookId);
      const modelType = request.modelType ?? look?.modelType;
      const modelId = request.modelId ?? look?.modelId;
      const prompt = request.prompt ?? look?.prompt;
      if (!modelType || !modelId) throw new AppError('NOT_FOUND', generationMessages.modelNotFound);
      if (!prompt) throw new AppError('VALIDATION_FAILED', generationMessages.promptRequired);
      const backgroundUploadId = request.backgroundUploadId ?? look?.backgroundUploadId ?? undefined;
      const model = await resolveModel(db, viewer, modelType, modelId);
      if (model.mode !== 'product') throw new AppError('VALIDATION_FAILED', batchMessages.productModelRequired);
      refuseSettingsNotTaken(model, request);
      const uploaded = await usableUploads(db, viewer, ids);
      const picked = await pickedStoreProducts(db, user, request.storeProductIds);
      const products = [
        ...uploaded.map((upload) => ({ upload, storeProductId: null, fileName: upload.originalName })),
        ...picked.map(({ product, upload }) => ({ upload, storeProductId: product.id, fileName: product.handle })),
      ];
      const backgroundKey = await usableUploadKey(db, viewer, backgroundUploadId);
      const kit = await resolveBrandChoice(db, user, request.brandKitId ?? look?.brandKitId ?? undefined);
      const brand = brandInputFor(kit);
      const batchId = randomUUID();
      const tag = request.name.toLowerCase();
      const items = products.map(({ upload, storeProductId, fileName }, position) => ({
        id: randomUUID(),
        batchId,
        position,
        uploadId: upload.id,
        storeProductId,
        fileName: fileName ?? `product-${position + 1}`,
        input: {
          ...imageInputFor(model, {
            prompt,
            aspectRatio: request.aspectRatio,
            seed: randomInt(0, MAX_SEED + 1),
            productKey: upload.key,
            backgroundKey,
            klipTags: [tag],
          }),
          ...(brand ? { brand } : {}),
        },
      }));

      // The whole cost, the batch, its items and their jobs commit together, or nothing does; the
      // workspace the user works in pays and owns them.
      const workspaceId = user.workspace.id;
      const row = await db.transaction(async (tx) => {
        await lockCredits(tx, workspaceId);
        await deps.dispatcher.admit(tx, user.id, items.length);
        await checkBalance(tx, workspaceId, items.length);
        const batch = await insertBatch(tx, {
          id: batchId,
          workspaceId,
          userId: user.id,
          name: request.name,
          modelType: model.modelType,
          modelId: model.modelId,
          modelName: model.displayName,
          prompt,
          aspectRatio: items[0]!.input.aspectRatio,
          backgroundUploadId: backgroundUploadId ?? null,
          brandKitId: kit?.id ?? null,
          // What the look holds for the ads is copied: editing the look later changes no running batch.
          lookId: look?.id ?? null,
          adLayout: look?.adLayout ?? null,
          adTexts: look?.adTexts ?? {},
          adSizes: look?.adLayout ? look.adSizes : [],
          exportPresets: look?.exportPresets ?? [],
          itemCount: items.length,
          costPerItem: IMAGE_COST,
        });
        const jobs = await insertWaitingJobs(
          tx,
          user.id,
          batch,
          items.map((item) => ({ itemId: item.id, input: item.input })),
        );
        await insertBatchItems(
          tx,
          items.map((item, i) => ({
            id: item.id,
            batchId,
            position: item.position,
            uploadId: item.uploadId,
            storeProductId: item.storeProductId,
            fileName: item.fileName,
            jobId: jobs[i]!.id,
          })),
        );
        // Those that fit the user's share are queued before the commit.
        await deps.dispatcher.startWaitingIn(tx, user.id);
        return batch;
      });
      return one(row);
    },

    async list(user, cursor) {
      const page = await batchPage(db, user.workspace.id, cursor);
      return { batches: await serialize(page.rows), nextCursor: page.nextCursor };
    },

    async get(user, batchId) {
      return one(await ownedBatch(user, batchId));
    },

    async items(user, batchId, cursor) {
      await ownedBatch(user, batchId);
      const page = await itemPage(db, batchId, cursor);
      // One query for the page's klips, not one per item (the page is polled while the batch runs).
      const klipIds = page.items.flatMap(({ job }) => (job?.status === 'succeeded' && job.klipId ? [job.klipId] : []));
      const klipRows = new Map((await findKlips(db, klipIds)).map((row) => [row.id, row]));
      const items = await Promise.all(
        page.items.map(async (item): Promise<BatchItem> => {
          const { id, position, fileName, job, uploadKey, storeProduct } = item;
          const klipRow = job?.status === 'succeeded' && job.klipId ? klipRows.get(job.klipId) : undefined;
          return {
            id,
            position,
            fileName,
            status: toBatchItemStatus(job),
            progress: job?.status === 'succeeded' ? 100 : (job?.progress ?? 0),
            error:
              job?.status === 'failed'
                ? { code: job.errorCode ?? 'GENERATION_FAILED', message: job.errorMessage ?? generationMessages.failedFallback }
                : null,
            productUrl: uploadKey ? await fileUrl(storage, uploadKey, 'private') : null,
            storeProduct,
            klip: klipRow ? await toKlip(klipRow, [], storage) : null,
            jobId: job?.id ?? null,
            adSetId: item.adSetId,
          };
        }),
      );
      return { items, nextCursor: page.nextCursor };
    },

    async cancel(user, batchId) {
      await ownedBatch(user, batchId);
      const cancelled = await db.transaction(async (tx) => {
        const batch = (await lockBatch(tx, batchId))!;
        await markBatchCancelled(tx, batch.id);
        const jobs = await cancelUnstartedJobsOfBatch(tx, batch.id, {
          error: { code: CANCELLED_CODE, message: batchMessages.cancelledItem },
          refundDescription: ledgerMessages.batchCancelledRefund(batch.name),
        });
        // Nothing waits or is queued: the batch keeps its label (the rollback undoes cancelled_at).
        if (jobs.length === 0) throw new AppError('CONFLICT', batchMessages.nothingToCancel);
        await deps.onBatchCancelledIn?.(tx, batch);
        // The places the cancelled items held in the user's share go to their waiting jobs now.
        const started = await deps.dispatcher.startWaitingIn(tx, batch.userId);
        return { jobs, started, refundedCredits: jobs.reduce((sum, job) => sum + job.cost, 0) };
      });
      for (const job of cancelled.jobs) deps.events.publish(job.id);
      for (const jobId of cancelled.started) deps.events.publish(jobId);
      return { batch: await one((await findBatch(db, batchId))!), refundedCredits: cancelled.refundedCredits };
    },

    async retry(user, batchId) {
      const owned = await ownedBatch(user, batchId);
      await db.transaction(async (tx) => {
        // The batch's workspace pays for its items again (its klips go there too).
        await lockCredits(tx, owned.workspaceId);
        const batch = (await lockBatch(tx, batchId))!;
        if (batch.cancelledAt) throw new AppError('VALIDATION_FAILED', batchMessages.alreadyCancelled);
        const failed = await lockFailedItems(tx, batch.id);
        if (failed.length === 0) throw new AppError('VALIDATION_FAILED', batchMessages.nothingToRetry);
        await deps.dispatcher.admit(tx, user.id, failed.length);
        await checkBalance(tx, batch.workspaceId, failed.length);
        const jobs = await insertWaitingJobs(
          tx,
          user.id,
          batch,
          // The same photo and prompt; a new seed, as a second try should be.
          failed.map(({ itemId, job }) => ({ itemId, input: { ...(job.input as GenerationInput), seed: randomInt(0, MAX_SEED + 1) } })),
        );
        await setItemJobs(
          tx,
          failed.map(({ itemId }, i) => ({ itemId, jobId: jobs[i]!.id })),
        );
        await touchBatch(tx, batch.id);
        await deps.dispatcher.startWaitingIn(tx, user.id);
      });
      return one((await findBatch(db, batchId))!);
    },

    async makeItemAds(itemId, klipId) {
      const found = await findItemWithBatch(db, itemId);
      if (!found || found.item.adSetId || !found.batch.adLayout || found.batch.adSizes.length === 0) return;
      const { batch } = found;
      const klip = await findKlip(db, klipId);
      if (!klip) return;
      try {
        await deps.ads.makeForKlip(
          klip,
          // The batch's own kit (null: none, also when it was deleted since).
          {
            layout: batch.adLayout!,
            texts: { headline: null, subline: null, price: null, cta: null, ...batch.adTexts },
            sizes: batch.adSizes,
            brandKitId: batch.brandKitId,
          },
          { claim: (tx, setId) => claimItemAdSet(tx, itemId, setId) },
        );
      } catch (err) {
        // The item and its klip stay as they are; the batch page counts the items without ads.
        deps.logger.warn({ err, itemId, batchId: batch.id }, 'batch item ads could not be made');
        await markItemAdsFailed(db, itemId);
        // A rule that refuses them will refuse them again: only other failures are retried.
        if (!(err instanceof AppError)) throw err;
      }
    },

    async download(user, batchId, preset) {
      const batch = await ownedBatch(user, batchId);
      const done = await succeededItems(db, batch.id);
      if (done.length === 0) throw new AppError('VALIDATION_FAILED', batchMessages.nothingToDownload);
      const names = zipEntryNames(done.map((item) => ({ position: item.position, fileName: item.fileName })));
      const klipRows = new Map(
        (
          await findKlips(
            db,
            done.map((item) => item.klipId),
          )
        ).map((row) => [row.id, row]),
      );
      const original = async (i: number, folder = '') => {
        const klip = klipRows.get(done[i]!.klipId);
        if (!klip) return null;
        const stream = await storage.getStream(klip.mediaKey);
        return stream ? { name: `${folder}${names[i]}.${klip.mediaKey.split('.').pop() ?? 'png'}`, data: stream } : null;
      };
      const exported = async (i: number, to: ExportPresetId, folder = '') => {
        const klip = klipRows.get(done[i]!.klipId);
        return klip ? { name: `${folder}${names[i]}.jpg`, data: await deps.exports.renderForKlip(klip, to, 'pad') } : null;
      };
      if (!preset && (batch.adSizes.length > 0 || batch.exportPresets.length > 0)) {
        // A batch with a look: one folder of originals, one per ad size, one per export preset.
        const ads = new Map(
          (
            await adKlipsOfSets(
              db,
              done.flatMap((item) => (item.adSetId ? [item.adSetId] : [])),
            )
          ).map((row) => [`${row.adSetId}/${row.adSize}`, row]),
        );
        const entries = [
          ...done.map((_, i) => ({ load: () => original(i, 'original/') })),
          ...batch.adSizes.flatMap((size) =>
            done.map((item, i) => ({
              load: async () => {
                const ad = ads.get(`${item.adSetId}/${size}`);
                const stream = ad ? await storage.getStream(ad.mediaKey) : null;
                return stream ? { name: `${size}/${names[i]}.png`, data: stream } : null;
              },
            })),
          ),
          ...batch.exportPresets.flatMap((to) => done.map((_, i) => ({ load: () => exported(i, to, `${to}/`) }))),
        ];
        return { fileName: zipFileName(batch.name, undefined), stream: streamZip(entries, deps.logger) };
      }
      const entries = done.map((_, i) => ({ load: () => (preset ? exported(i, preset) : original(i)) }));
      return { fileName: zipFileName(batch.name, preset), stream: streamZip(entries, deps.logger) };
    },
  };
}

async function checkBalance(tx: DbOrTx, workspaceId: string, count: number): Promise<void> {
  const total = IMAGE_COST * count;
  if ((await getBalance(tx, workspaceId)) < total) throw new AppError('INSUFFICIENT_CREDITS', batchMessages.notEnoughCredits(count, total));
}

function emptySummary(row: BatchRow): BatchSummary {
  return {
    counts: { total: row.itemCount, waiting: 0, running: 0, succeeded: 0, failed: 0, cancelled: 0 },
    cancellable: 0,
    coverKlipId: null,
    adsFailed: 0,
  };
}
