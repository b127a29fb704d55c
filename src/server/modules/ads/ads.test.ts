import { count, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adSize, adSlotMessages } from '#contracts/ad-formats.ts';
import { adMessages, type AdSet } from '#contracts/ads.ts';
import { brandKitMessages } from '#contracts/brand-kits.ts';
import { entitlementMessages } from '#contracts/entitlements.ts';
import { klipMessages } from '#contracts/klips.ts';
import { brandTeam, createBrandKit, kitUrl, type BrandTeam } from '#test-support/brand-kits.ts';
import { multipartBody } from '#test-support/images.ts';
import { storedKlip, userWithId } from '#test-support/stored-klip.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { selectWorkspace } from '#test-support/workspaces.ts';
import { adSets, klipAttributes, klips } from '../../db/schema/index.ts';
import { personalWorkspaceId } from '../workspaces/personal-repo.ts';
import { klipTagNames } from '../klips/tag-repo.ts';

// postgres-pass: same

let ctx: TestContext;
let team: BrandTeam;
let other: BrandTeam;
let sourceId: string;
let kitId: string;
const db = () => ctx.database.db;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, cookie: string, payload?: object | Buffer, headers: Record<string, string> = {}) =>
  ctx.app.server.inject({ method, url, headers: { ...SAME_ORIGIN, cookie, ...headers }, ...(payload ? { payload } : {}) });
const errorOf = (res: LightMyRequestResponse) => res.json<{ error: { code: string; message: string } }>().error;
const makeAds = (cookie: string, klipId: string, body: object) => call('POST', `/api/klips/${klipId}/ads`, cookie, body);
const preview = (cookie: string, klipId: string, body: object) => call('POST', `/api/klips/${klipId}/ads/preview`, cookie, body);
const setCount = async () => (await db().select({ n: count() }).from(adSets))[0]!.n;
const klipCount = async () => (await db().select({ n: count() }).from(klips))[0]!.n;

const MAGENTA = [255, 0, 255] as const;
const texts = { headline: 'Summer sale', subline: 'Hand-poured soy candles', price: '$24', cta: 'Shop now' };

/** A calm photo-like picture (a soft gradient), wider than tall. */
async function picture(): Promise<Buffer> {
  const [width, height] = [480, 360];
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw.set([(90 + (x * 60) / width) | 0, 110, (130 + (y * 40) / height) | 0], (y * width + x) * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Pixels of exactly this colour in the decoded image. */
async function pixelsOf(png: Uint8Array, colour: readonly number[]): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let n = 0;
  for (let i = 0; i < data.length; i += info.channels)
    if (data[i] === colour[0] && data[i + 1] === colour[1] && data[i + 2] === colour[2]) n++;
  return n;
}

beforeAll(async () => {
  ctx = await createTestContext({ workers: false, rateLimits: false });
  [team, other] = await Promise.all([brandTeam(ctx), brandTeam(ctx)]);
  // Everyone works in their team, where the klip is; the member of `other` too.
  await Promise.all(
    [team.owner, team.admin, team.member, other.member].map((p, i) => selectWorkspace(db(), p.id, i < 3 ? team.id : other.id)),
  );
  sourceId = (await storedKlip(ctx, team.member.id, { workspaceId: team.id, picture: await picture(), prompt: 'soy candle on linen' })).id;
  const kit = await createBrandKit(ctx, team.owner.cookie, team.id, { name: 'Candle Co.' });
  kitId = kit.id;
  const logo = await sharp({ create: { width: 120, height: 60, channels: 3, background: { r: 255, g: 0, b: 255 } } })
    .png()
    .toBuffer();
  for (const variant of ['light', 'dark']) {
    const body = multipartBody('file', 'logo.png', 'image/png', logo);
    const res = await call('POST', `${kitUrl(team.id, kit.id)}/logos/${variant}`, team.owner.cookie, body.payload, body.headers);
    if (res.statusCode !== 200) throw new Error(`logo upload failed: ${res.statusCode} ${res.body}`);
  }
});
afterAll(async () => {
  await ctx.close();
});

describe('make ad', () => {
  it("makes one klip per size in the default kit's look: grouped, tagged 'ad', recorded with its kit, and downloadable as a ZIP", async () => {
    const sizes = ['square-feed', 'story', 'facebook-ad'] as const;
    const res = await makeAds(team.member.cookie, sourceId, { layout: 'bottom-bar', texts, sizes });
    expect(res.statusCode).toBe(201);
    const set = res.json<AdSet>();
    expect(set.klips.map((k) => [k.width, k.height])).toEqual(sizes.map((s) => [adSize(s).width, adSize(s).height]));
    expect(set.klips[0]!.prompt).toBe('soy candle on linen');
    expect(set.klips[0]!.isPublic).toBe(false);
    expect(Object.fromEntries(set.klips[1]!.attributes.map((a) => [a.name, a.value]))).toEqual({
      ad_layout: 'Bottom bar',
      ad_size: 'Instagram/TikTok story (1080×1920)',
      brand_kit: 'Candle Co.',
      made_from: sourceId,
    });
    const rows = await db().select().from(klips).where(eq(klips.adSetId, set.id));
    expect(rows.map((r) => [r.adSize, r.brandKitId, r.workspaceId, r.userId])).toEqual(
      expect.arrayContaining(sizes.map((s) => [s, kitId, team.id, team.member.id])),
    );
    expect(await klipTagNames(db(), set.klips[0]!.id)).toEqual(['ad']);

    const zip = await call('GET', set.zipUrl, team.owner.cookie);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files)).toEqual(sizes.map((s) => `${s}.png`));
    for (const s of sizes) {
      const meta = await sharp(files[`${s}.png`]).metadata();
      expect([meta.width, meta.height], s).toEqual([adSize(s).width, adSize(s).height]);
    }
    // The kit's logo (pure magenta) is drawn; the source picture has none of it.
    expect(await pixelsOf(files['square-feed.png']!, MAGENTA)).toBeGreaterThan(500);
  });

  it("keeps the bar off the product where the klip says where it stands (the built-in renderer's product_box)", async () => {
    const inkRows = async (klipId: string) => {
      const [row] = await db().select().from(klips).where(eq(klips.id, klipId));
      const { data, info } = await sharp((await ctx.storage.get(row!.mediaKey))!)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const third = Math.floor(info.height / 3);
      const inkIn = (from: number, to: number) => {
        let n = 0;
        for (let i = from * info.width * 3; i < to * info.width * 3; i += 3)
          if (data[i] === 0x11 && data[i + 1] === 0x11 && data[i + 2] === 0x11) n++;
        return n;
      };
      return { top: inkIn(0, third), bottom: inkIn(info.height - third, info.height) };
    };
    const body = { layout: 'bottom-bar', texts, sizes: ['square-feed'] };
    const plain = (await makeAds(team.member.cookie, sourceId, body)).json<AdSet>().klips[0]!;
    const standing = await storedKlip(ctx, team.member.id, { workspaceId: team.id, picture: await picture() });
    await db().insert(klipAttributes).values({ klipId: standing.id, name: 'product_box', value: '0.2000,0.3500,0.6000,0.6500' });
    const avoided = (await makeAds(team.member.cookie, standing.id, body)).json<AdSet>().klips[0]!;

    const [before, after] = [await inkRows(plain.id), await inkRows(avoided.id)];
    expect(before.bottom).toBeGreaterThan(10_000); // the kit's first colour (#111111) paints the bar at the bottom
    expect(after.bottom).toBe(0); // the product stands there: the bar moved
    expect(after.top).toBeGreaterThan(10_000);
  });

  it('draws no logo with no kit (null), and refuses a kit of another workspace', async () => {
    const plain = await makeAds(team.member.cookie, sourceId, {
      brandKitId: null,
      layout: 'logo-corner',
      texts: {},
      sizes: ['square-feed'],
    });
    expect(plain.statusCode).toBe(201);
    const klip = plain.json<AdSet>().klips[0]!;
    const [row] = await db().select().from(klips).where(eq(klips.id, klip.id));
    expect(row!.brandKitId).toBeNull();
    expect(await pixelsOf((await ctx.storage.get(row!.mediaKey))!, MAGENTA)).toBe(0);

    const otherKit = await createBrandKit(ctx, other.owner.cookie, other.id);
    const refused = await makeAds(team.member.cookie, sourceId, { brandKitId: otherKit.id, layout: 'bottom-bar', texts, sizes: ['story'] });
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused).message).toBe(brandKitMessages.notFound);
  });

  it.each([
    ['amazon-main', adSlotMessages.amazonMain],
    ['google-shopping', adSlotMessages.googleShopping],
  ])('refuses %s with its channel rule and makes nothing, not even the other sizes asked with it', async (size, message) => {
    const [sets, all] = [await setCount(), await klipCount()];
    const res = await makeAds(team.member.cookie, sourceId, { layout: 'bottom-bar', texts, sizes: ['square-feed', size] });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(message);
    expect([await setCount(), await klipCount()]).toEqual([sets, all]);
    const previewed = await preview(team.member.cookie, sourceId, { layout: 'bottom-bar', texts, size });
    expect(errorOf(previewed).message).toBe(message);
  });

  it('answers every field with its own message and changes nothing', async () => {
    const [sets, all] = [await setCount(), await klipCount()];
    const cases: Array<[object, string]> = [
      [{ layout: 'poster', texts, sizes: ['story'] }, adMessages.layoutInvalid],
      [{ layout: 'quote', texts, sizes: [] }, adMessages.sizesRequired],
      [{ layout: 'quote', texts, sizes: ['billboard'] }, adMessages.sizeInvalid],
      [{ layout: 'quote', texts: { headline: 'x'.repeat(81) }, sizes: ['story'] }, adMessages.headlineTooLong],
      [{ layout: 'quote', texts: { cta: 'x'.repeat(25) }, sizes: ['story'] }, adMessages.ctaTooLong],
      [{ layout: 'quote', texts, sizes: ['story'], brandKitId: 'not-a-kit' }, brandKitMessages.notFound],
    ];
    for (const [body, message] of cases) {
      const res = await makeAds(team.member.cookie, sourceId, body);
      expect([res.statusCode, errorOf(res).message], message).toEqual([400, message]);
    }
    expect([await setCount(), await klipCount()]).toEqual([sets, all]);
  });

  it('is refused for a video klip, and for klips outside the workspace one works in', async () => {
    const video = await storedKlip(ctx, team.member.id, { workspaceId: team.id, klipType: 'video' });
    const res = await makeAds(team.member.cookie, video.id, { layout: 'bottom-bar', texts, sizes: ['story'] });
    expect([res.statusCode, errorOf(res).message]).toEqual([400, adMessages.notImage]);

    const stranger = await makeAds(other.member.cookie, sourceId, { layout: 'bottom-bar', texts, sizes: ['story'] });
    expect([stranger.statusCode, errorOf(stranger).message]).toEqual([404, klipMessages.notFound]);
    const peek = await preview(other.member.cookie, sourceId, { layout: 'bottom-bar', texts, size: 'story' });
    expect([peek.statusCode, errorOf(peek).message]).toEqual([404, klipMessages.notFound]);
  });

  it('needs a plan with brand kits, checked before the body is read', async () => {
    const solo = await userWithId(ctx, 'ads-no-plan@example.com');
    const own = await storedKlip(ctx, solo.id);
    const res = await makeAds(solo.cookie, own.id, { layout: 'bottom-bar', texts, sizes: ['story'] });
    expect([res.statusCode, errorOf(res).message]).toEqual([403, entitlementMessages.planRequired('brandKits')]);
    const garbage = await call('POST', `/api/klips/${own.id}/ads`, solo.cookie, Buffer.from('{nope'), {
      'content-type': 'application/json',
    });
    expect(garbage.statusCode).toBe(403);
  });

  it("gives a set's ZIP to the members of its workspace only", async () => {
    const set = (await makeAds(team.owner.cookie, sourceId, { layout: 'price-badge', texts, sizes: ['instagram-post'] })).json<AdSet>();
    // The admin now works in their personal workspace: still a member of the set's.
    await selectWorkspace(db(), team.admin.id, await personalWorkspaceId(db(), team.admin.id));
    expect((await call('GET', set.zipUrl, team.admin.cookie)).statusCode).toBe(200);
    const stranger = await call('GET', set.zipUrl, other.owner.cookie);
    expect([stranger.statusCode, errorOf(stranger).message]).toEqual([404, adMessages.adSetNotFound]);
  });

  it('previews one size as a small WebP and stores nothing', async () => {
    const [sets, all] = [await setCount(), await klipCount()];
    const res = await preview(team.member.cookie, sourceId, { brandKitId: kitId, layout: 'story', texts, size: 'story' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 304, 540]);
    expect([await setCount(), await klipCount()]).toEqual([sets, all]);
  });
});
