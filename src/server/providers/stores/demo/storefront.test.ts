import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#test-support/test-database.ts';
import { DemoStorefrontProduct } from '#contracts/stores.ts';
import type { Database } from '#server/db/client.ts';
import { demoStoreMedia, workspaces } from '#server/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { createLocalStorage } from '../../storage/local-storage.ts';
import type { Storage } from '../../storage/storage.ts';
import { demoProductByHandle, demoProductExternalId } from './catalogue.ts';
import { createDemoStoreClient } from './demo-client.ts';
import { demoPhotoKey } from './photos.ts';
import { demoStorefrontProduct, resetDemoStore } from './storefront.ts';

// postgres-pass: same

let database: Database;
let root: string;
let storage: Storage;
const candle = demoProductByHandle('amber-scented-candle')!;
beforeAll(async () => {
  database = await openTestDatabase();
  root = await mkdtemp(path.join(os.tmpdir(), 'klipt-demo-storefront-'));
  storage = createLocalStorage(root, { signingKey: Buffer.from('demo storefront key'), signedUrlSeconds: 900 });
});
afterAll(async () => {
  await database?.close();
  await rm(root, { recursive: true, force: true });
});

async function workspace(): Promise<string> {
  const [team] = await database.db.insert(workspaces).values({ kind: 'team', name: 'Storefront' }).returning({ id: workspaces.id });
  return team!.id;
}

const jpeg = (color: string) =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

async function publish(workspaceId: string, fileName: string, featured: boolean): Promise<string> {
  const client = createDemoStoreClient({ db: database.db, storage, workspaceId });
  const { mediaId } = await client.publishImage({
    productExternalId: demoProductExternalId(candle),
    data: await jpeg('#336699'),
    fileName,
    alt: `Candle ${fileName}`,
    featured,
  });
  return mediaId;
}

describe('demo storefront', () => {
  it('shows a product page with its catalogue photos (rendered into storage), signed URLs and no Klipt media yet', async () => {
    const workspaceId = await workspace();
    const page = (await demoStorefrontProduct({ db: database.db, storage, workspaceId, handle: 'amber-scented-candle' }))!;
    expect(DemoStorefrontProduct.parse(page)).toEqual(page);
    expect(page).toMatchObject({
      handle: 'amber-scented-candle',
      title: candle.title,
      vendor: candle.vendor,
      price: '$32.00',
      description: candle.description,
    });
    expect(page.media).toEqual([
      {
        id: 'gid://shopify/MediaImage/910471000010601',
        url: expect.stringMatching(/^\/files\/demo-store\/catalogue\/amber-scented-candle-1\.jpg\?/),
        alt: candle.photos[0],
        addedByKlipt: false,
      },
    ]);
    expect(await storage.get(demoPhotoKey(candle, 1))).not.toBeNull();
  });

  it('is null for a handle the catalogue does not have', async () => {
    expect(await demoStorefrontProduct({ db: database.db, storage, workspaceId: await workspace(), handle: 'no-such-product' })).toBeNull();
  });

  it('shows the media published from Klipt in the store’s order, marked as added by Klipt', async () => {
    const workspaceId = await workspace();
    const last = await publish(workspaceId, 'klipt-1.jpg', false);
    const first = await publish(workspaceId, 'klipt-2.jpg', true);
    const page = (await demoStorefrontProduct({ db: database.db, storage, workspaceId, handle: 'amber-scented-candle' }))!;
    expect(page.media.map((m) => [m.id, m.addedByKlipt, m.alt])).toEqual([
      [first, true, 'Candle klipt-2.jpg'],
      ['gid://shopify/MediaImage/910471000010601', false, candle.photos[0]],
      [last, true, 'Candle klipt-1.jpg'],
    ]);
    expect(page.media[0]!.url).toMatch(new RegExp(`^/files/demo-store/${workspaceId}/[0-9a-f-]{36}\\.jpg\\?`));
  });

  it('resets a workspace’s demo store: its published media and their files go, the catalogue and other workspaces stay', async () => {
    const [mine, theirs] = [await workspace(), await workspace()];
    await publish(mine, 'klipt-r1.jpg', false);
    await publish(mine, 'klipt-r2.jpg', true);
    await publish(theirs, 'klipt-t1.jpg', false);
    const keys = (await database.db.select().from(demoStoreMedia).where(eq(demoStoreMedia.workspaceId, mine))).map((row) => row.storageKey);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await storage.get(key)).not.toBeNull();

    expect(await resetDemoStore({ db: database.db, storage, workspaceId: mine })).toEqual({ removed: 2 });

    for (const key of keys) expect(await storage.get(key)).toBeNull();
    const page = (await demoStorefrontProduct({ db: database.db, storage, workspaceId: mine, handle: 'amber-scented-candle' }))!;
    expect(page.media.map((m) => m.addedByKlipt)).toEqual([false]);
    expect(await storage.get(demoPhotoKey(candle, 1))).not.toBeNull();
    const client = createDemoStoreClient({ db: database.db, storage, workspaceId: mine });
    expect(await client.findPublishedMedia(demoProductExternalId(candle), 'klipt-r1.jpg')).toBeNull();

    const other = (await demoStorefrontProduct({ db: database.db, storage, workspaceId: theirs, handle: 'amber-scented-candle' }))!;
    expect(other.media.map((m) => m.addedByKlipt)).toEqual([false, true]);
    expect(await resetDemoStore({ db: database.db, storage, workspaceId: mine })).toEqual({ removed: 0 });
  });
});
