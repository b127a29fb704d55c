import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { klipMessages } from '#contracts/klips.ts';
import { storedKlip, userWithId } from '#test-support/stored-klip.ts';
import { createTestContext, SAME_ORIGIN, TEST_APP_URL, type TestContext } from '#test-support/test-app.ts';

// postgres-pass: same

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Klipt turns product photos into studio images." />
    <title>Klipt — AI product visuals that sell</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body>
</html>`;

let ctx: TestContext;
let owner: { id: string; cookie: string };
beforeAll(async () => {
  const webDir = path.join(process.env['TMPDIR'] ?? '/tmp', `klipt-share-web-${process.pid}-${Date.now()}`);
  await mkdir(webDir, { recursive: true });
  await writeFile(path.join(webDir, 'index.html'), INDEX_HTML);
  ctx = await createTestContext({ workers: false, rateLimits: false, env: { WEB_DIST_DIR: webDir } });
  owner = await userWithId(ctx, 'sharer@example.com');
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.server.inject({ method: 'GET', url, headers });
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[:]/g, '\\$&')}" content="([^"]*)" />`).exec(html)?.[1];

describe('share page link previews (docs/operations.md#share-previews-and-klip-files)', () => {
  it('gives a public klip Open Graph and Twitter card tags in place of the default title, with the page rules kept', async () => {
    const klip = await storedKlip(ctx, owner.id, {
      isPublic: true,
      prompt: 'A glass perfume bottle on wet stone, soft morning light, shallow depth of field, studio',
    });
    const res = await get(`/share/${klip.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const plain = await get('/dashboard');
    expect(res.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);

    const html = res.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>A glass perfume bottle on wet stone, soft morning light,… — Klipt</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(meta(html, 'og:title')).toBe('A glass perfume bottle on wet stone, soft morning light,… — Klipt');
    expect(meta(html, 'og:description')).toBe('A glass perfume bottle on wet stone, soft morning light, shallow depth of field, studio');
    expect(meta(html, 'og:url')).toBe(`${TEST_APP_URL}/share/${klip.id}`);
    expect(meta(html, 'og:image')).toBe(`${TEST_APP_URL}/api/klips/${klip.id}/social.jpg`);
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    expect(meta(html, 'og:image:type')).toBe('image/jpeg');
    expect(meta(html, 'og:image:alt')).toContain('A glass perfume bottle');
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:site_name')).toBe('Klipt');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:title')).toBe(meta(html, 'og:title'));
    expect(meta(html, 'twitter:description')).toBe(meta(html, 'og:description'));
    expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
    expect(html).toContain('<script type="module" src="/assets/app-abc123.js"></script>');
  });

  it('keeps the description to 200 characters', async () => {
    const klip = await storedKlip(ctx, owner.id, { isPublic: true, prompt: 'word '.repeat(100) });
    const description = meta((await get(`/share/${klip.id}`)).body, 'og:description')!;
    expect(description.length).toBeLessThanOrEqual(200);
    expect(description.endsWith('…')).toBe(true);
  });

  it('escapes every value: a prompt that tries to break out of the attribute stays text', async () => {
    const klip = await storedKlip(ctx, owner.id, {
      isPublic: true,
      prompt: `"><script>alert('x')</script><meta name="og:title" content="hijack`,
    });
    const html = (await get(`/share/${klip.id}`)).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('content="hijack');
    expect(meta(html, 'og:description')).toBe(
      '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&lt;meta name=&quot;og:title&quot; content=&quot;hijack',
    );
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('serves a private, missing or malformed klip the plain page, its owner too', async () => {
    const hidden = await storedKlip(ctx, owner.id, { isPublic: false });
    const plain = (await get('/dashboard')).body;
    expect(plain).toBe(INDEX_HTML);
    for (const [url, headers] of [
      [`/share/${hidden.id}`, {}],
      [`/share/${hidden.id}`, { cookie: owner.cookie }],
      ['/share/00000000-0000-4000-8000-000000000000', {}],
      ['/share/not-a-klip', {}],
      ['/share/0000000-0000-4000-8000-0000000000000', {}],
      [`/share/${hidden.id}/more`, {}],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(plain);
    }
  });

  it('is revalidated on every use: its own ETag, 304 while unchanged, the plain page at once when the klip turns private', async () => {
    const klip = await storedKlip(ctx, owner.id, { isPublic: true, prompt: 'A linen shirt folded on oak' });
    const plain = await get('/dashboard');
    const shared = await get(`/share/${klip.id}`);
    const etag = String(shared.headers['etag']);
    expect(etag).toMatch(/^W\/"/);
    expect(etag).not.toBe(plain.headers['etag']);
    const again = await get(`/share/${klip.id}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('no-cache');

    const hidden = await ctx.app.server.inject({
      method: 'PUT',
      url: `/api/klips/${klip.id}/visibility`,
      headers: { ...SAME_ORIGIN, cookie: owner.cookie },
      payload: { isPublic: false },
    });
    expect(hidden.statusCode).toBe(200);
    const after = await get(`/share/${klip.id}`, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe(INDEX_HTML);
    expect(after.headers['etag']).toBe(plain.headers['etag']);
  });
});

const band = (r: number, g: number, b: number) => ({
  create: { width: 200, height: 300, channels: 3 as const, background: { r, g, b } },
});

/** A tall picture in three bands, red over green over blue: a crop to 1200×630 would keep only green. */
async function bands(): Promise<Buffer> {
  return sharp(band(255, 0, 0))
    .extend({ bottom: 600, background: { r: 0, g: 0, b: 255 } })
    .composite([
      {
        input: await sharp(band(0, 255, 0))
          .png()
          .toBuffer(),
        top: 300,
        left: 0,
      },
    ])
    .png()
    .toBuffer();
}

async function pixel(jpeg: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data } = await sharp(jpeg).extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
}

describe('GET /api/klips/:id/social.jpg', () => {
  it('draws a public klip at 1200×630 without cropping it, cached for an hour', async () => {
    const klip = await storedKlip(ctx, owner.id, { isPublic: true, picture: await bands() });
    const res = await get(`/api/klips/${klip.id}/social.jpg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const info = await sharp(res.rawPayload).metadata();
    expect([info.format, info.width, info.height]).toEqual(['jpeg', 1200, 630]);
    // The whole picture, top band to bottom band, sits in the middle.
    const [top, bottom] = await Promise.all([pixel(res.rawPayload, 600, 20), pixel(res.rawPayload, 600, 610)]);
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
    expect(bottom[2]).toBeGreaterThan(200);
    expect(bottom[0]).toBeLessThan(60);
  });

  it("uses a video's poster, and is not found for a video without one", async () => {
    const withPoster = await storedKlip(ctx, owner.id, { isPublic: true, klipType: 'video' });
    expect((await get(`/api/klips/${withPoster.id}/social.jpg`)).statusCode).toBe(200);
    const without = await storedKlip(ctx, owner.id, { isPublic: true, klipType: 'video', noPoster: true });
    const res = await get(`/api/klips/${without.id}/social.jpg`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(klipMessages.notFound);
  });

  it('is not found for a private klip (its owner too) and a missing one', async () => {
    const hidden = await storedKlip(ctx, owner.id, { isPublic: false });
    for (const [url, headers] of [
      [`/api/klips/${hidden.id}/social.jpg`, {}],
      [`/api/klips/${hidden.id}/social.jpg`, { cookie: owner.cookie }],
      ['/api/klips/00000000-0000-4000-8000-000000000000/social.jpg', {}],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: { code: 'NOT_FOUND', message: klipMessages.notFound } });
    }
  });
});
