import { count, eq, inArray } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adSize } from '#contracts/ad-formats.ts';
import type { Batch, BatchItem } from '#contracts/batches.ts';
import { exportPreset } from '#contracts/exports.ts';
import { lookMessages, type Look } from '#contracts/looks.ts';
import { brandTeam, createBrandKit, type BrandTeam } from '#test-support/brand-kits.ts';
import { multipartBody, pngImage } from '#test-support/images.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { waitFor } from '#test-support/wait-for.ts';
import { selectWorkspace } from '#test-support/workspaces.ts';
import { adSets, aiModels, batches, batchItems, klips } from '../../db/schema/index.ts';
import { bookOnce } from '../credits/ledger.ts';

// postgres-pass: concurrency

let ctx: TestContext;
let team: BrandTeam;
let modelId: string;
let kitId: string;
let backgroundId: string;
let look: Look;
const db = () => ctx.database.db;

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: object) =>
  ctx.app.server.inject({ method, url, headers: { ...SAME_ORIGIN, cookie: team.member.cookie }, ...(payload ? { payload } : {}) });

async function upload(name: string, seed: number): Promise<string> {
  const form = multipartBody('file', name, 'image/png', await pngImage(48, 64, seed));
  const res = await ctx.app.server.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...SAME_ORIGIN, cookie: team.member.cookie, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

const items = async (batchId: string) => (await call('GET', `/api/batches/${batchId}/items`)).json<{ items: BatchItem[] }>().items;

beforeAll(async () => {
  ctx = await createTestContext({ workers: false, rateLimits: false });
  team = await brandTeam(ctx);
  await selectWorkspace(db(), team.member.id, team.id);
  await bookOnce(db(), { workspaceId: team.id, userId: team.owner.id, amount: 50, type: 'grant', reference: `test-grant:${team.id}` });
  modelId = (await db().select().from(aiModels).where(eq(aiModels.slug, 'ai-product-photo-editor')))[0]!.id;
  kitId = (await createBrandKit(ctx, team.owner.cookie, team.id, { name: 'Beach Co.' })).id;
  // A second kit is the default, so the batch's own kit (the look's) is the one its ads show.
  await createBrandKit(ctx, team.owner.cookie, team.id, { name: 'Other' });
  backgroundId = await upload('backdrop.png', 9);
  const res = await call('POST', `/api/workspaces/${team.id}/looks`, {
    name: 'Beach ads',
    modelType: 'standard',
    modelId,
    prompt: 'on a sunny beach',
    backgroundUploadId: backgroundId,
    brandKitId: kitId,
    adLayout: 'bottom-bar',
    adTexts: { headline: 'Summer sale', cta: 'Shop now' },
    adSizes: ['square-feed', 'facebook-ad'],
    exportPresets: ['shopify-product'],
  });
  if (res.statusCode !== 201) throw new Error(`saving the look failed: ${res.body}`);
  look = res.json<Look>();
});
afterAll(async () => ctx?.close());

describe('a batch with a saved look', () => {
  it("copies the look's model, prompt, background and kit, and snapshots its ads; the request's own fields win", async () => {
    const products = [await upload('mug.png', 1)];
    const res = await call('POST', '/api/batches', { name: 'Copied', productUploadIds: products, lookId: look.id });
    expect(res.statusCode).toBe(202);
    const batch = res.json<Batch>();
    expect(batch).toMatchObject({
      prompt: 'on a sunny beach',
      lookId: look.id,
      adLayout: 'bottom-bar',
      adSizes: ['square-feed', 'facebook-ad'],
      exportPresets: ['shopify-product'],
      adsFailed: 0,
    });
    const [row] = await db().select().from(batches).where(eq(batches.id, batch.id));
    expect(row).toMatchObject({ modelId, backgroundUploadId: backgroundId, brandKitId: kitId, adTexts: look.adTexts });

    // Editing the look later changes nothing of the batch.
    await call('PUT', `/api/workspaces/${team.id}/looks/${look.id}`, {
      name: 'Beach ads',
      modelType: 'standard',
      modelId,
      prompt: 'changed',
      adLayout: 'quote',
      adSizes: ['story'],
    });
    expect((await call('GET', `/api/batches/${batch.id}`)).json<Batch>()).toMatchObject({
      prompt: 'on a sunny beach',
      adSizes: ['square-feed', 'facebook-ad'],
    });
    // Put the look back for the next tests.
    const restored = await call('PUT', `/api/workspaces/${team.id}/looks/${look.id}`, {
      ...look,
      backgroundUrl: undefined,
      id: undefined,
      workspaceId: undefined,
      canDelete: undefined,
      createdAt: undefined,
      updatedAt: undefined,
    });
    expect(restored.statusCode).toBe(200);

    const own = await call('POST', '/api/batches', {
      name: 'Own prompt',
      productUploadIds: products,
      lookId: look.id,
      prompt: 'in the snow',
    });
    expect(own.json<Batch>().prompt).toBe('in the snow');

    const unknown = await call('POST', '/api/batches', { name: 'Unknown', productUploadIds: products, lookId: crypto.randomUUID() });
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, lookMessages.notFound]);
  });

  it('makes the ads of every item with the batch kit (one set each, even when the job runs twice) and zips them in folders per size and preset', async () => {
    const products = [await upload('red-sneaker.png', 2), await upload('blue-bag.png', 3)];
    const res = await call('POST', '/api/batches', { name: 'Beach batch', productUploadIds: products, lookId: look.id });
    expect(res.statusCode).toBe(202);
    const batch = res.json<Batch>();
    await ctx.startWorkers({ tasks: false });
    const done = await waitFor(
      async () => {
        const list = await items(batch.id);
        return list.every((item) => item.status === 'succeeded' && item.adSetId) ? list : undefined;
      },
      { timeoutMs: 100_000, message: 'the items and their ads' },
    );
    for (const item of done) {
      const ads = await db().select().from(klips).where(eq(klips.adSetId, item.adSetId!));
      expect(
        ads.map((ad) => [ad.adSize, ad.width, ad.height, ad.brandKitId]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      ).toEqual([
        ['facebook-ad', 1200, 628, kitId],
        ['square-feed', 1080, 1080, kitId],
      ]);
      const [set] = await db().select().from(adSets).where(eq(adSets.id, item.adSetId!));
      expect(set).toMatchObject({ sourceKlipId: item.klip!.id, brandKitId: kitId, layout: 'bottom-bar' });
    }

    // The job again, twice at once, for an item whose set is gone: one new set.
    const [first] = done;
    await ctx.services.batches.makeItemAds(first!.id, first!.klip!.id);
    expect((await db().select({ n: count() }).from(adSets).where(eq(adSets.sourceKlipId, first!.klip!.id)))[0]!.n).toBe(1);
    await db().delete(adSets).where(eq(adSets.id, first!.adSetId!));
    await Promise.all([
      ctx.services.batches.makeItemAds(first!.id, first!.klip!.id),
      ctx.services.batches.makeItemAds(first!.id, first!.klip!.id),
    ]);
    expect((await db().select({ n: count() }).from(adSets).where(eq(adSets.sourceKlipId, first!.klip!.id)))[0]!.n).toBe(1);
    const [item] = await db().select().from(batchItems).where(eq(batchItems.id, first!.id));
    expect(item!.adSetId).toBeTruthy();
    const adKlips = await db()
      .select()
      .from(klips)
      .where(inArray(klips.adSetId, [item!.adSetId!]));
    expect(adKlips).toHaveLength(2);

    const zip = await call('GET', `/api/batches/${batch.id}/download`);
    expect(zip.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const names = ['01-red-sneaker', '02-blue-bag'];
    expect(Object.keys(files)).toEqual([
      ...names.map((n) => `original/${n}.png`),
      ...names.map((n) => `square-feed/${n}.png`),
      ...names.map((n) => `facebook-ad/${n}.png`),
      ...names.map((n) => `shopify-product/${n}.jpg`),
    ]);
    const decoded = await Promise.all(
      Object.entries(files).map(async ([name, data]) => {
        const meta = await sharp(Buffer.from(data)).metadata();
        return [name.split('/')[0], meta.format, meta.width, meta.height];
      }),
    );
    const shopify = exportPreset('shopify-product') as { width: number; height: number };
    const klipSize = (n: number) => [done[n]!.klip!.width, done[n]!.klip!.height];
    expect(decoded).toEqual([
      ['original', 'png', ...klipSize(0)],
      ['original', 'png', ...klipSize(1)],
      ...[0, 1].map(() => ['square-feed', 'png', adSize('square-feed').width, adSize('square-feed').height]),
      ...[0, 1].map(() => ['facebook-ad', 'png', adSize('facebook-ad').width, adSize('facebook-ad').height]),
      ...[0, 1].map(() => ['shopify-product', 'jpeg', shopify.width, shopify.height]),
    ]);
    // The preset query keeps its old flat answer.
    const flat = unzipSync(new Uint8Array((await call('GET', `/api/batches/${batch.id}/download?preset=amazon-main`)).rawPayload));
    expect(Object.keys(flat)).toEqual(names.map((n) => `${n}.jpg`));

    // Ads that cannot be made (the klip's file is gone) leave the item and its klip alone and are counted.
    const second = done[1]!;
    await db().delete(adSets).where(eq(adSets.id, second.adSetId!));
    const [secondKlip] = await db().select().from(klips).where(eq(klips.id, second.klip!.id));
    await ctx.storage.delete(secondKlip!.mediaKey);
    await ctx.services.batches.makeItemAds(second.id, second.klip!.id);
    const after = (await call('GET', `/api/batches/${batch.id}`)).json<Batch>();
    expect(after).toMatchObject({ adsFailed: 1, counts: { succeeded: 2 } });
    expect((await items(batch.id)).map((i) => [i.status, i.adSetId === null])).toEqual([
      ['succeeded', false],
      ['succeeded', true],
    ]);
  }, 150_000);
});
