import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeMessages, type Publication, type PublicationList, type StoreProductPage } from '#contracts/stores.ts';
import { storedKlip } from '#test-support/stored-klip.ts';
import {
  importFinished,
  SHOP,
  SHOP_TOKEN,
  startStoreTestApp,
  storeMember,
  storePath,
  storeRequest,
  type StoreMember,
  type StoreTestApp,
} from '#test-support/stores.ts';
import { silentLogger } from '#server/lib/logger.ts';
import { aiModels, storePublications } from '#server/db/schema/index.ts';
import { generateImageJob } from '#server/modules/generation/index.ts';
import type { Batch, BatchItem } from '#contracts/batches.ts';
import { waitFor } from '#test-support/wait-for.ts';
import type { StoreClient } from '#server/providers/stores/store-client.ts';
import { publicationAltText, publicationFileName } from './alt-text.ts';
import { publishToStoreJob } from './job.ts';
import { createStorePublisher } from './publisher.ts';

// postgres-pass: processes

// Publishing klips onto Shopify products, against the local Shopify wire-format server. Jobs run by
// hand (runQueued), so every try is driven by the test.
let app: StoreTestApp;
let seller: StoreMember;
let products: StoreProductPage['products'];

const db = () => app.ctx.database.db;
const publish = (payload: object, member: StoreMember = seller) =>
  storeRequest(app.ctx, member, { method: 'POST', url: storePath(member.workspace, '/publications'), payload });
const runPublishing = () => app.ctx.runQueued([publishToStoreJob.name]);
const publicationRow = async (id: string) => (await db().select().from(storePublications).where(eq(storePublications.id, id)))[0]!;
const fakeProduct = (externalId: string) => app.fake.shop(SHOP).products.find((p) => p.id === externalId)!;
const kliptMedia = (externalId: string) => fakeProduct(externalId).media.filter((m) => m.fileName.startsWith('klipt-'));

beforeAll(async () => {
  app = await startStoreTestApp({ workers: false });
  seller = await storeMember(app.ctx, 'publisher@example.com');
  app.fake.addShop(SHOP, { name: 'Fancy Mugs', token: SHOP_TOKEN });
  await app.fake.seedProducts(SHOP, 4, { imagesPerProduct: 1 });
  const connected = await storeRequest(app.ctx, seller, {
    method: 'POST',
    url: storePath(seller.workspace, '/shopify/token'),
    payload: { shopDomain: SHOP, accessToken: SHOP_TOKEN },
  });
  if (connected.statusCode !== 201) throw new Error(`connecting the test store answered ${connected.statusCode}: ${connected.body}`);
  await app.ctx.runQueued(['import-store-catalogue']);
  await importFinished(app.ctx, seller.workspace);
  products = (await storeRequest(app.ctx, seller, { url: storePath(seller.workspace, '/products') })).json<StoreProductPage>().products;
  if (products.length !== 4) throw new Error(`the import gave ${products.length} products, not 4`);
});
afterAll(async () => {
  await app?.close();
});

describe('Publishing a klip to a store product', () => {
  it("adds the klip's 'Shopify product' export as new media with alt text, keeps the product's media, and adds it once however often it is asked", async () => {
    const klip = await storedKlip(app.ctx, seller.id, { prompt: 'A ceramic mug on a marble counter. Soft light.' });
    const product = products[0]!;
    const before = fakeProduct(product.externalId).media.map((m) => m.id);

    const res = await publish({ items: [{ klipId: klip.id, productId: product.id }] });
    expect(res.statusCode).toBe(202);
    const [queued] = res.json<PublicationList>().publications;
    expect(queued).toMatchObject({ klipId: klip.id, productId: product.id, productTitle: product.title, status: 'queued', mediaId: null });
    expect(await runPublishing()).toBe(1);

    const row = await publicationRow(queued!.id);
    expect(row).toMatchObject({ status: 'published', attempts: 1, error: null });
    const media = fakeProduct(product.externalId).media;
    expect(media.map((m) => m.id).slice(0, before.length)).toEqual(before);
    const added = media.at(-1)!;
    expect(added.id).toBe(row.mediaId);
    expect(added.fileName).toBe(publicationFileName(queued!.id));
    expect(added.alt).toBe(publicationAltText(product.title, klip.prompt));
    expect(added.alt).toBe(`${product.title} — A ceramic mug on a marble counter`);
    const staged = app.fake.stagedUploads.at(-1)!;
    expect(await sharp(staged.received!).metadata()).toMatchObject({ format: 'jpeg', width: 2048, height: 2048 });

    // Again, and again in one request: the same publication, no second job, no second image.
    const again = await publish({
      items: [
        { klipId: klip.id, productId: product.id },
        { klipId: klip.id, productId: product.id },
      ],
    });
    expect(again.json<PublicationList>().publications).toEqual([expect.objectContaining({ id: queued!.id, status: 'published' })]);
    expect(await runPublishing()).toBe(0);
    expect(kliptMedia(product.externalId)).toHaveLength(1);

    const listed = await storeRequest(app.ctx, seller, { url: storePath(seller.workspace, `/publications?klipId=${klip.id}`) });
    expect(listed.json<PublicationList>().publications).toEqual([
      expect.objectContaining({ id: queued!.id, status: 'published', mediaId: row.mediaId }),
    ]);
  });

  it('puts a featured image first among the product media', async () => {
    const klip = await storedKlip(app.ctx, seller.id);
    const product = products[1]!;
    const [publication] = (await publish({ items: [{ klipId: klip.id, productId: product.id }], featured: true })).json<PublicationList>()
      .publications;
    await runPublishing();
    expect(fakeProduct(product.externalId).media[0]!.id).toBe((await publicationRow(publication!.id)).mediaId);
  });

  it("fails with Shopify's userErrors message, and 'Retry' publishes it once the product is back", async () => {
    const klip = await storedKlip(app.ctx, seller.id);
    const product = products[2]!;
    const shop = app.fake.shop(SHOP);
    const removed = shop.products.splice(shop.products.indexOf(fakeProduct(product.externalId)), 1)[0]!;
    const [publication] = (await publish({ items: [{ klipId: klip.id, productId: product.id }] })).json<PublicationList>().publications;
    await runPublishing();
    const failed = await publicationRow(publication!.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBeTruthy();

    shop.products.push(removed);
    const retried = await storeRequest(app.ctx, seller, {
      method: 'POST',
      url: storePath(seller.workspace, `/publications/${publication!.id}/retry`),
    });
    expect(retried.statusCode).toBe(202);
    expect(retried.json<Publication>()).toMatchObject({ status: 'queued', error: null });
    await runPublishing();
    expect(await publicationRow(publication!.id)).toMatchObject({ status: 'published', attempts: 2 });
    expect(kliptMedia(product.externalId)).toHaveLength(1);

    const notFailed = await storeRequest(app.ctx, seller, {
      method: 'POST',
      url: storePath(seller.workspace, `/publications/${publication!.id}/retry`),
    });
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().error.message).toBe(storeMessages.notRetryable);
  });

  it('queues a later try when the store cannot be reached, and refuses klips and products of other workspaces', async () => {
    const klip = await storedKlip(app.ctx, seller.id);
    const product = products[3]!;
    app.fake.failNext(...Array.from({ length: 5 }, () => ({ status: 500 as const })));
    const [publication] = (await publish({ items: [{ klipId: klip.id, productId: product.id }] })).json<PublicationList>().publications;
    await runPublishing();
    const waiting = await publicationRow(publication!.id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.error).toMatch(/could not be reached/);
    await db().execute(sql`update pgboss.job set start_after = now() where name = ${publishToStoreJob.name} and state = 'created'`);
    await runPublishing();
    expect(await publicationRow(publication!.id)).toMatchObject({ status: 'published', attempts: 2 });

    const other = await storeMember(app.ctx, 'other-seller@example.com');
    const othersKlip = await storedKlip(app.ctx, other.id);
    expect((await publish({ items: [{ klipId: othersKlip.id, productId: product.id }] })).statusCode).toBe(404);
    const noStore = await publish({ items: [{ klipId: othersKlip.id, productId: product.id }] }, other);
    expect(noStore.statusCode).toBe(409);
    expect(noStore.json().error.message).toBe(storeMessages.notConnected);
    const video = await storedKlip(app.ctx, seller.id, { klipType: 'video' });
    expect((await publish({ items: [{ klipId: video.id, productId: product.id }] })).json().error.message).toBe(
      storeMessages.klipNotPublishable,
    );
  });
});

describe('Batches from store products', () => {
  it("starts a batch from three products, each item remembers its product, and 'Publish all' puts each klip onto its own product", async () => {
    const [modelId] = (await db().select({ id: aiModels.id }).from(aiModels).where(eq(aiModels.slug, 'ai-product-photo-editor'))).map(
      (m) => m.id,
    );
    const picked = products.slice(0, 3);
    const startBatch = (storeProductIds: string[], member: StoreMember = seller) =>
      storeRequest(app.ctx, member, {
        method: 'POST',
        url: '/api/batches',
        payload: { name: 'From the store', modelType: 'standard', modelId, prompt: 'on a sunny beach, soft shadows', storeProductIds },
      });
    const duplicate = await startBatch([picked[0]!.id, picked[0]!.id]);
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().error.message).toBe(storeMessages.duplicateProducts);
    const stranger = await storeMember(app.ctx, 'no-store@example.com');
    expect((await startBatch([picked[0]!.id], stranger)).statusCode).toBe(404);

    const started = await startBatch(picked.map((p) => p.id));
    expect(started.statusCode).toBe(202);
    const batch = started.json<Batch>();
    await waitFor(
      async () => {
        await app.ctx.runQueued([generateImageJob.name]);
        const now = (await storeRequest(app.ctx, seller, { url: `/api/batches/${batch.id}` })).json<Batch>();
        return now.status === 'finished' ? now : undefined;
      },
      { timeoutMs: 60_000, message: 'the batch to finish' },
    );
    const { items } = (await storeRequest(app.ctx, seller, { url: `/api/batches/${batch.id}/items` })).json<{ items: BatchItem[] }>();
    expect(items.map((item) => item.storeProduct)).toEqual(picked.map((p) => ({ id: p.id, title: p.title })));
    expect(items.map((item) => item.fileName)).toEqual(picked.map((p) => p.handle));
    expect(items.every((item) => item.status === 'succeeded')).toBe(true);

    const res = await storeRequest(app.ctx, seller, {
      method: 'POST',
      url: storePath(seller.workspace, `/batches/${batch.id}/publish`),
      payload: {},
    });
    expect(res.statusCode).toBe(202);
    const { publications } = res.json<PublicationList>();
    expect(publications.map((p) => [p.klipId, p.productId, p.batchId])).toEqual(
      expect.arrayContaining(items.map((item) => [item.klip!.id, item.storeProduct!.id, batch.id])),
    );
    await runPublishing();
    for (const item of items) {
      const publication = publications.find((p) => p.klipId === item.klip!.id)!;
      expect(await publicationRow(publication.id)).toMatchObject({ status: 'published' });
      const product = picked.find((p) => p.id === item.storeProduct!.id)!;
      expect(kliptMedia(product.externalId).filter((m) => m.fileName.startsWith(`klipt-${publication.id}`))).toHaveLength(1);
    }
    const listed = await storeRequest(app.ctx, seller, { url: storePath(seller.workspace, `/publications?batchId=${batch.id}`) });
    expect(listed.json<PublicationList>().publications.map((p) => p.status)).toEqual(['published', 'published', 'published']);
  });
});

describe('A restart in the middle of publishing', () => {
  it('publishes each klip once: a try that died after Shopify attached the image is recognised by its file, the queued ones go on', async () => {
    const items = await Promise.all(
      products.slice(0, 3).map(async (product) => ({ klipId: (await storedKlip(app.ctx, seller.id)).id, productId: product.id })),
    );
    const { publications } = (await publish({ items })).json<PublicationList>();
    expect(publications).toHaveLength(3);
    const byProduct = new Map(publications.map((p) => [p.productId, p]));
    const [first, second, third] = items.map((item) => byProduct.get(item.productId)!);

    // The first process: publishes the first; on the second, Shopify attaches the image and the
    // process dies before it hears back (its try never ends); the third is still queued.
    const real = app.ctx.services.storeClients;
    const crashingClients = {
      forConnection: (connection: Parameters<typeof real.forConnection>[0]): StoreClient => {
        const client = real.forConnection(connection);
        return {
          ...client,
          publishImage: async (input) => {
            const answer = await client.publishImage(input);
            if (input.fileName === publicationFileName(second!.id)) await new Promise(() => {});
            return answer;
          },
        };
      },
    };
    const firstProcess = createStorePublisher({
      db: db(),
      jobs: app.ctx.jobs,
      clients: crashingClients,
      exports: app.ctx.services.exports,
      logger: silentLogger(),
    });
    await firstProcess.attempt(first!.id, { signal: new AbortController().signal });
    void firstProcess.attempt(second!.id, { signal: new AbortController().signal });
    await expect.poll(async () => (await publicationRow(second!.id)).stage).toBe('attaching');
    await expect.poll(() => kliptMedia(products[1]!.externalId).some((m) => m.fileName === publicationFileName(second!.id))).toBe(true);
    expect(await publicationRow(first!.id)).toMatchObject({ status: 'published' });
    expect(await publicationRow(second!.id)).toMatchObject({ status: 'publishing', mediaId: null });
    expect(await publicationRow(third!.id)).toMatchObject({ status: 'queued' });

    // The next process: its recovery finds the second's lease run out and queues it; the jobs finish both.
    await db()
      .update(storePublications)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(storePublications.id, second!.id));
    expect(await app.ctx.services.storePublisher.recoverOverdue()).toBeGreaterThanOrEqual(1);
    await runPublishing();
    for (const publication of [first, second, third]) {
      expect(await publicationRow(publication!.id)).toMatchObject({ status: 'published' });
    }
    for (const [i, publication] of [first, second, third].entries()) {
      const mine = kliptMedia(products[i]!.externalId).filter((m) => m.fileName.startsWith(`klipt-${publication!.id}`));
      expect(mine).toHaveLength(1);
      expect(mine[0]!.id).toBe((await publicationRow(publication!.id)).mediaId);
    }
  });
});
