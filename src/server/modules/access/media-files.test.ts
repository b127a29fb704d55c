import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericMessages } from '#contracts/errors.ts';
import { callAs, person, type Person } from '#test-support/klip-people.ts';
import { pngImage, multipartBody } from '#test-support/images.ts';
import { storedKlip } from '#test-support/stored-klip.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { mediaSigningKey, requireSessionSecret, signLocalFile } from '../../providers/storage/url-signing.ts';

// postgres-pass: same

const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'Not found' } };
const EXPIRED = { error: { code: 'FORBIDDEN', message: genericMessages.fileLinkExpired } };
const INVALID = { error: { code: 'FORBIDDEN', message: genericMessages.fileLinkInvalid } };
const PUBLIC_HOUR = 'public, max-age=3600';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let ctx: TestContext;
let owner: Person;
let stranger: Person;
let admin: Person;
beforeAll(async () => {
  ctx = await createTestContext({ workers: false, rateLimits: false });
  owner = await person(ctx, 'owner@example.com');
  stranger = await person(ctx, 'stranger@example.com');
  admin = await person(ctx, 'admin@example.com', { superAdmin: true });
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, cookie?: string) => ctx.app.server.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const url = (key: string | null) => `/files/${key!}`;
const klipUrls = async (who: Person, klipId: string) =>
  (await callAs(ctx, who)('GET', `/api/klips/${klipId}`)).json<{ imageUrl: string; thumbnailUrl: string; posterUrl: string | null }>();
const signingKey = () => mediaSigningKey(requireSessionSecret(ctx.config));
const maxAge = (cacheControl: string | string[] | undefined) => Number(/^private, max-age=(\d+)$/.exec(String(cacheControl))?.[1]);

describe('klip files under /files (docs/operations.md#media-files)', () => {
  it("a private klip's media, thumbnail and poster are not found without a signature, whoever asks", async () => {
    const image = await storedKlip(ctx, owner.id, { isPublic: false });
    const video = await storedKlip(ctx, owner.id, { isPublic: false, klipType: 'video' });
    for (const key of [image.mediaKey, image.thumbnailKey, video.mediaKey, video.posterKey]) {
      for (const who of [undefined, stranger, owner, admin]) {
        const res = await get(url(key), who?.cookie);
        expect(res.statusCode, key!).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    }
  });

  it('its owner and super admins are handed signed URLs that work until they expire; others get no URL at all', async () => {
    const klip = await storedKlip(ctx, owner.id, { isPublic: false });
    for (const who of [owner, admin]) {
      const urls = await klipUrls(who, klip.id);
      for (const [signed, key] of [
        [urls.imageUrl, klip.mediaKey],
        [urls.thumbnailUrl, klip.thumbnailKey],
      ] as const) {
        const parsed = new URL(signed, 'http://x');
        expect(parsed.pathname).toBe(url(key));
        const expires = Number(parsed.searchParams.get('expires'));
        expect(expires - Date.now() / 1000).toBeGreaterThan(ctx.config.signedUrlSeconds - 301);
        expect(expires - Date.now() / 1000).toBeLessThanOrEqual(ctx.config.signedUrlSeconds);
        const res = await get(signed);
        expect(res.statusCode, key!).toBe(200);
        expect(maxAge(res.headers['cache-control'])).toBeGreaterThan(0);
        expect(maxAge(res.headers['cache-control'])).toBeLessThanOrEqual(ctx.config.signedUrlSeconds);
      }
    }
    // Asked for again within the same few minutes: the same URL, so browsers keep it cached.
    expect((await klipUrls(owner, klip.id)).imageUrl).toBe((await klipUrls(owner, klip.id)).imageUrl);
    expect((await callAs(ctx, stranger)('GET', `/api/klips/${klip.id}`)).statusCode).toBe(404);
    expect((await callAs(ctx, null)('GET', `/api/klips/${klip.id}`)).statusCode).toBe(404);
  });

  it('a tampered, misplaced, half or expired signature is refused with 403', async () => {
    const klip = await storedKlip(ctx, owner.id, { isPublic: false });
    const signed = new URL((await klipUrls(owner, klip.id)).imageUrl, 'http://x');
    const expires = signed.searchParams.get('expires')!;
    const signature = signed.searchParams.get('signature')!;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const refused: Array<[string, object]> = [
      [`${url(klip.mediaKey)}?expires=${expires}&signature=${flipped}`, INVALID],
      [`${url(klip.mediaKey)}?expires=${Number(expires) + 60}&signature=${signature}`, INVALID],
      [`${url(klip.thumbnailKey)}?expires=${expires}&signature=${signature}`, INVALID],
      [`${url(klip.mediaKey)}?expires=${expires}`, INVALID],
      [`${url(klip.mediaKey)}?signature=${signature}`, INVALID],
      [`${url(klip.mediaKey)}?expires=soon&signature=${signature}`, INVALID],
      [`${url(klip.mediaKey)}?${signLocalFile(signingKey(), klip.mediaKey, Math.floor(Date.now() / 1000) - 1)}`, EXPIRED],
      [`${url(klip.mediaKey)}?${signLocalFile(Buffer.from('another secret'), klip.mediaKey, Number(expires))}`, INVALID],
    ];
    for (const [address, body] of refused) {
      const res = await get(address, owner.cookie);
      expect(res.statusCode, address).toBe(403);
      expect(res.json()).toEqual(body);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('a public klip has stable URLs cached for an hour; made private, they stop working at once and signed ones are handed out', async () => {
    const klip = await storedKlip(ctx, owner.id, { isPublic: true });
    const urls = await klipUrls(stranger, klip.id);
    expect(urls.imageUrl).toBe(url(klip.mediaKey));
    expect(urls.thumbnailUrl).toBe(url(klip.thumbnailKey));
    for (const key of [klip.mediaKey, klip.thumbnailKey]) {
      const res = await get(url(key));
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(PUBLIC_HOUR);
    }
    expect((await callAs(ctx, owner)('PUT', `/api/klips/${klip.id}/visibility`, { isPublic: false })).statusCode).toBe(200);
    for (const key of [klip.mediaKey, klip.thumbnailKey]) expect((await get(url(key))).statusCode).toBe(404);
    const signed = (await klipUrls(owner, klip.id)).imageUrl;
    expect(signed).toMatch(/\?expires=\d+&signature=[\w-]{43}$/);
    expect((await get(signed)).statusCode).toBe(200);
  });

  it('a guessed key is not found: another name beside a klip, another owner folder, no klip at all', async () => {
    const klip = await storedKlip(ctx, owner.id, { isPublic: true });
    const jobId = klip.generationJobId!;
    const guesses = [`klips/${owner.id}/${jobId}-extra.png`, `klips/${stranger.id}/${jobId}.png`, `klips/${owner.id}/orphan.png`];
    for (const key of guesses) await ctx.storage.put(key, await pngImage(8, 8), { contentType: 'image/png', visibility: 'private' });
    for (const key of guesses) {
      const res = await get(url(key), owner.cookie);
      expect(res.statusCode, key).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });
});

describe('uploads and other files under /files', () => {
  it("an upload's URL is a signed one; the bare file is not found, whoever asks", async () => {
    const { payload, headers } = multipartBody('file', 'product.png', 'image/png', await pngImage(32, 32));
    const uploaded = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...SAME_ORIGIN, ...headers, cookie: owner.cookie },
      payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const fileUrl = uploaded.json<{ url: string }>().url;
    expect(fileUrl).toMatch(/^\/files\/uploads\/[^?]+\.png\?expires=\d+&signature=[\w-]{43}$/);
    const mine = await get(fileUrl);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(maxAge(mine.headers['cache-control'])).toBeGreaterThan(0);
    const bare = fileUrl.split('?')[0]!;
    for (const who of [undefined, stranger, owner, admin]) expect((await get(bare, who?.cookie)).statusCode).toBe(404);
  });

  it('avatars, inspirations and other prefixes keep a year of immutable caching', async () => {
    for (const key of [`avatars/${owner.id}/avatar.webp`, 'inspirations/images/one.png']) {
      await ctx.storage.put(key, await pngImage(8, 8), { contentType: 'image/png', visibility: 'public' });
      const res = await get(url(key));
      expect(res.statusCode, key).toBe(200);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
    }
  });
});
