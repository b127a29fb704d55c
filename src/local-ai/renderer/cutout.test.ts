import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cutOut } from './cutout.ts';
import { decodeInput } from './raster.ts';

const svg = (body: string, width = 200, height = 200) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`);
const alphaAt = (image: { data: Buffer; width: number }, x: number, y: number) => image.data[(y * image.width + x) * 4 + 3];

describe('cutOut', () => {
  it('removes a plain white background and crops to the product', async () => {
    const jpeg = await sharp(
      svg('<rect width="200" height="200" fill="#fff"/><rect x="50" y="40" width="100" height="120" fill="#d02020"/>'),
    )
      .jpeg({ quality: 85 })
      .toBuffer();
    const cut = cutOut(await decodeInput(jpeg, 1024, 'product image'));
    expect(cut.isolated).toBe(true);
    expect(Math.abs(cut.image.width - 100)).toBeLessThanOrEqual(3);
    expect(Math.abs(cut.image.height - 120)).toBeLessThanOrEqual(3);
    expect(alphaAt(cut.image, Math.floor(cut.image.width / 2), Math.floor(cut.image.height / 2))).toBe(255);
    expect(cut.average.r).toBeGreaterThan(180);
    expect(cut.average.g).toBeLessThan(70);
  });

  it('keeps background-coloured areas that are enclosed by the product (a white label)', async () => {
    const png = await sharp(
      svg(
        '<rect width="200" height="200" fill="#fff"/><rect x="40" y="40" width="120" height="120" fill="#203080"/><rect x="70" y="80" width="60" height="40" fill="#fff"/>',
      ),
    )
      .png()
      .toBuffer();
    const cut = cutOut(await decodeInput(png, 1024, 'product image'));
    expect(alphaAt(cut.image, 60, 60)).toBe(255);
  });

  it('uses the picture’s own transparency when it has some', async () => {
    const png = await sharp(svg('<circle cx="100" cy="100" r="60" fill="#ffffff"/>')).png().toBuffer();
    const cut = cutOut(await decodeInput(png, 1024, 'product image'));
    expect(cut.isolated).toBe(true);
    expect(Math.abs(cut.image.width - 120)).toBeLessThanOrEqual(2);
    expect(alphaAt(cut.image, 0, 0)).toBe(0);
  });

  it('leaves a busy background alone and rounds the picture’s corners instead', async () => {
    const noise = Buffer.alloc(120 * 90 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
    const png = await sharp(noise, { raw: { width: 120, height: 90, channels: 3 } })
      .png()
      .toBuffer();
    const cut = cutOut(await decodeInput(png, 1024, 'product image'));
    expect(cut.isolated).toBe(false);
    expect(cut.image.width).toBe(120);
    expect(cut.image.height).toBe(90);
    expect(alphaAt(cut.image, 0, 0)).toBe(0);
    expect(alphaAt(cut.image, 60, 45)).toBe(255);
  });
});
