import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalStorage } from '../../storage/local-storage.ts';
import type { Storage } from '../../storage/storage.ts';
import { DEMO_PHOTO_SIZE, demoProductByHandle } from './catalogue.ts';
import { demoPhoto, demoPhotoKey, renderDemoPhoto, storedDemoPhotoKey } from './photos.ts';

let root: string;
let storage: Storage;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'klipt-demo-photos-'));
  storage = createLocalStorage(root, { signingKey: Buffer.from('demo photos key'), signedUrlSeconds: 900 });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const mug = demoProductByHandle('stoneware-mug')!;
const watch = demoProductByHandle('field-wristwatch')!;

describe('demo photos', () => {
  it('renders a product the same way every time, as a square JPEG of the catalogue size', async () => {
    const first = await renderDemoPhoto(mug, 1);
    const again = await renderDemoPhoto(mug, 1);
    expect(again.equals(first)).toBe(true);
    const meta = await sharp(first).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: DEMO_PHOTO_SIZE, height: DEMO_PHOTO_SIZE });
  });

  it('draws a product on a light studio backdrop, not a flat fill', async () => {
    const photo = await renderDemoPhoto(watch, 1);
    const stats = await sharp(photo).stats();
    // Real variation in every channel: a dark dial and a tan strap against a near-white sweep.
    for (const channel of stats.channels.slice(0, 3)) {
      expect(channel.stdev).toBeGreaterThan(25);
      expect(channel.max - channel.min).toBeGreaterThan(180);
    }
    expect(stats.entropy).toBeGreaterThan(2);
    // The corners are the light backdrop, the centre is the product.
    const { data, info } = await sharp(photo).resize(12, 12, { kernel: 'nearest' }).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => data[(y * info.width + x) * info.channels]!;
    expect(pixel(0, 0)).toBeGreaterThan(200);
    expect(pixel(6, 6)).toBeLessThan(120);
  });

  it('makes the second photo a different shot of the same product, and refuses photos a product does not have', async () => {
    const [full, closeUp] = await Promise.all([renderDemoPhoto(watch, 1), renderDemoPhoto(watch, 2)]);
    expect(closeUp.equals(full)).toBe(false);
    await expect(renderDemoPhoto(watch, 3)).rejects.toThrow(/no demo photo/);
    await expect(renderDemoPhoto(watch, 0)).rejects.toThrow(/no demo photo/);
  });

  it('renders a photo once and reads it from storage afterwards', async () => {
    const put = vi.spyOn(storage, 'put');
    const [a, b] = await Promise.all([demoPhoto(storage, mug, 1), demoPhoto(storage, mug, 1)]);
    expect(b.equals(a)).toBe(true);
    expect(put).toHaveBeenCalledTimes(1);
    expect((await storage.get(demoPhotoKey(mug, 1)))?.equals(a)).toBe(true);
    expect(demoPhotoKey(mug, 1)).toBe('demo-store/catalogue/stoneware-mug-1.jpg');

    expect((await demoPhoto(storage, mug, 1)).equals(a)).toBe(true);
    expect(await storedDemoPhotoKey(storage, mug, 1)).toBe(demoPhotoKey(mug, 1));
    expect(put).toHaveBeenCalledTimes(1);
    put.mockRestore();
  });
});
