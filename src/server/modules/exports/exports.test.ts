import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, person, type Person } from '#test-support/klip-people.ts';
import { storedKlip } from '#test-support/stored-klip.ts';
import { createTestContext, type TestContext } from '#test-support/test-app.ts';
import { exportMessages, exportPresets } from '#contracts/exports.ts';
import { klipMessages } from '#contracts/klips.ts';
import { exportKey } from './service.ts';

// postgres-pass: same

let ctx: TestContext;
let alice: Person;
let bob: Person;
let admin: Person;

beforeAll(async () => {
  ctx = await createTestContext({ workers: false, rateLimits: false });
  [alice, bob, admin] = await Promise.all([
    person(ctx, 'alice@example.com'),
    person(ctx, 'bob@example.com'),
    person(ctx, 'admin@example.com', { superAdmin: true }),
  ]);
});
afterAll(async () => {
  await ctx.close();
});

const GREY = 128;
const CENTRE = [30, 60, 200] as const;

/** A 120×80 PNG: a 12 px grey (#808080) border around a blue centre. */
async function greyEdged(): Promise<Buffer> {
  const [width, height, edge] = [120, 80, 12];
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const inside = x >= edge && y >= edge && x < width - edge && y < height - edge;
      raw.set(inside ? CENTRE : [GREY, GREY, GREY], (y * width + x) * 3);
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const exportOf = (who: Person | null, id: string, preset: string, query = '') =>
  callAs(ctx, who)('GET', `/api/klips/${id}/exports/${preset}${query}`);

/** The decoded answer: its format, size and a reader of one pixel. */
async function decoded(jpeg: Buffer) {
  const { format } = await sharp(jpeg).metadata();
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
  return { format, width: info.width, height: info.height, at };
}

/** Every pixel of rows [fromY, toY) within `tolerance` of `colour` (JPEG is lossy). */
function bandIs(image: Awaited<ReturnType<typeof decoded>>, fromY: number, toY: number, colour: number, tolerance: number): boolean {
  for (let y = fromY; y < toY; y++)
    for (let x = 0; x < image.width; x++) if (image.at(x, y).some((c) => Math.abs(c - colour) > tolerance)) return false;
  return true;
}

function expectError(res: { statusCode: number; json: () => unknown }, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect((res.json() as { error: { message: string } }).error.message).toBe(message);
}

describe('exports', () => {
  it('answers every preset as a JPEG attachment of its exact size (upscale-2x: twice the 96×64 source)', async () => {
    const klip = await storedKlip(ctx, alice.id);
    for (const preset of exportPresets) {
      const res = await exportOf(alice, klip.id, preset.id, '?name=perfume-bottle');
      expect(res.statusCode, preset.id).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="perfume-bottle-${preset.id}.jpg"`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const image = await decoded(res.rawPayload);
      const expected = preset.kind === 'frame' ? [preset.width, preset.height] : [192, 128];
      expect([image.format, image.width, image.height], preset.id).toEqual(['jpeg', ...expected]);
    }
    const unnamed = await exportOf(alice, klip.id, 'story', '?fit=fill');
    expect(unnamed.headers['content-disposition']).toBe('attachment; filename="klip-story.jpg"');
  });

  it('pads Amazon main images with pure white even when the image edge is grey', async () => {
    const klip = await storedKlip(ctx, alice.id, { picture: await greyEdged() });
    const image = await decoded((await exportOf(alice, klip.id, 'amazon-main')).rawPayload);
    // 120×80 → 2000×1333 in the middle; bands of 333 and 334 rows above and below (a few rows of JPEG blur at the seam).
    expect([image.width, image.height]).toEqual([2000, 2000]);
    expect(bandIs(image, 0, 315, 255, 2)).toBe(true);
    expect(bandIs(image, 1685, 2000, 255, 2)).toBe(true);
    for (const channel of image.at(1000, 400)) expect(Math.abs(channel - GREY)).toBeLessThanOrEqual(3);
  });

  it("pads other presets with the image's own near-uniform edge colour", async () => {
    const klip = await storedKlip(ctx, alice.id, { picture: await greyEdged() });
    const image = await decoded((await exportOf(alice, klip.id, 'shopify-product', '?fit=pad')).rawPayload);
    expect([image.width, image.height]).toEqual([2048, 2048]);
    expect(bandIs(image, 0, 330, GREY, 3)).toBe(true);
    expect(bandIs(image, 1720, 2048, GREY, 3)).toBe(true);
  });

  it('covers the frame with fill: no padding, the corners are the picture', async () => {
    const klip = await storedKlip(ctx, alice.id, { picture: await greyEdged() });
    const image = await decoded((await exportOf(alice, klip.id, 'amazon-main', '?fit=fill')).rawPayload);
    expect([image.width, image.height]).toEqual([2000, 2000]);
    for (const [x, y] of [
      [0, 0],
      [1999, 0],
      [0, 1999],
      [1999, 1999],
    ] as const)
      for (const channel of image.at(x, y)) expect(Math.abs(channel - GREY)).toBeLessThanOrEqual(3);
    image.at(1000, 1000).forEach((channel, i) => expect(Math.abs(channel - CENTRE[i]!)).toBeLessThanOrEqual(4));
  });

  it('leaves the original byte for byte, and serves the second request from the cache', async () => {
    const klip = await storedKlip(ctx, alice.id, { picture: await greyEdged() });
    const original = await ctx.storage.get(klip.mediaKey);
    const first = await exportOf(alice, klip.id, 'etsy-listing');
    expect(first.statusCode).toBe(200);
    expect((await ctx.storage.get(klip.mediaKey))!.equals(original!)).toBe(true);

    const key = `exports/${klip.id}/etsy-listing-pad.jpg`;
    expect(exportKey(klip.id, 'etsy-listing', 'pad')).toBe(key);
    expect((await ctx.storage.get(key))!.equals(first.rawPayload)).toBe(true);
    const marker = await sharp({ create: { width: 7, height: 5, channels: 3, background: '#ff0000' } })
      .jpeg()
      .toBuffer();
    await ctx.storage.put(key, marker, { contentType: 'image/jpeg', visibility: 'private' });
    expect((await exportOf(alice, klip.id, 'etsy-listing')).rawPayload.equals(marker)).toBe(true);
    // Another fit is another file.
    const filled = await decoded((await exportOf(alice, klip.id, 'etsy-listing', '?fit=fill')).rawPayload);
    expect([filled.width, filled.height]).toEqual([2700, 2025]);
    // The cache is private: the local folder does not serve it without a signed URL.
    expect((await callAs(ctx, alice)('GET', `/files/${key}`)).statusCode).toBe(404);
  });

  it('doubles for upscale-2x, one cached file for both fits', async () => {
    const klip = await storedKlip(ctx, alice.id, { picture: await greyEdged() });
    const image = await decoded((await exportOf(alice, klip.id, 'upscale-2x', '?fit=fill')).rawPayload);
    expect([image.format, image.width, image.height]).toEqual(['jpeg', 240, 160]);
    expect(await ctx.storage.get(`exports/${klip.id}/upscale-2x-pad.jpg`)).not.toBeNull();
    expect(await ctx.storage.get(`exports/${klip.id}/upscale-2x-fill.jpg`)).toBeNull();
  });

  it("is for the klip's owner and super admins: anyone else's klip, public or private, is not found", async () => {
    const [secret, open] = [await storedKlip(ctx, alice.id), await storedKlip(ctx, alice.id, { isPublic: true })];
    expectError(await exportOf(bob, secret.id, 'story'), 404, klipMessages.notFound);
    expectError(await exportOf(bob, open.id, 'story'), 404, klipMessages.notFound);
    expectError(await exportOf(alice, '00000000-0000-4000-8000-00000000beef', 'story'), 404, klipMessages.notFound);
    expect((await exportOf(admin, secret.id, 'facebook-ad')).statusCode).toBe(200);
    expect((await exportOf(null, open.id, 'story')).statusCode).toBe(401);
  });

  it('refuses an unknown preset or fit, a bad file name and a video klip with 400', async () => {
    const klip = await storedKlip(ctx, alice.id);
    const video = await storedKlip(ctx, alice.id, { klipType: 'video' });
    expectError(await exportOf(alice, klip.id, 'billboard'), 400, exportMessages.presetUnknown);
    expectError(await exportOf(alice, klip.id, 'story', '?fit=stretch'), 400, exportMessages.fitInvalid);
    expectError(await exportOf(alice, klip.id, 'story', '?name=..%2Fetc'), 400, klipMessages.fileNameInvalid);
    expectError(await exportOf(alice, video.id, 'story'), 400, exportMessages.notImage);
    expect(await ctx.storage.get(`exports/${video.id}/story-pad.jpg`)).toBeNull();
  });
});
