import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BRAND_FONTS_PER_WORKSPACE,
  brandKitMessages,
  type BrandFont,
  type BrandKit,
  type BrandKitInput,
  type BrandKitList,
} from '#contracts/brand-kits.ts';
import {
  brandTeam,
  createBrandKit,
  fontFiles,
  fontsUrl,
  kitsUrl,
  kitUrl,
  storedBrandFiles,
  type BrandTeam,
} from '#test-support/brand-kits.ts';
import { multipartBody, pngImage } from '#test-support/images.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { brandFonts } from '../../db/schema/index.ts';
import { insertFont } from './font-repo.ts';

// postgres-pass: concurrency

let ctx: TestContext;
const db = () => ctx.database.db;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie: string, payload?: object | Buffer, headers: Record<string, string> = {}) =>
  ctx.app.server.inject({ method, url, headers: { ...SAME_ORIGIN, cookie, ...headers }, ...(payload ? { payload } : {}) });
const errorOf = (res: LightMyRequestResponse) => res.json<{ error: { code: string; message: string } }>().error;
const fetchFile = (url: string, cookie = '') => ctx.app.server.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const logoUrl = (ws: string, kit: string, variant = 'light') => `${kitUrl(ws, kit)}/logos/${variant}`;
const team = () => brandTeam(ctx);
const createKit = (cookie: string, ws: string, changes: Partial<BrandKitInput> = {}) => createBrandKit(ctx, cookie, ws, changes);
const list = async (cookie: string, ws: string) => (await call('GET', kitsUrl(ws), cookie)).json<BrandKitList>();
const upload = (cookie: string, url: string, name: string, type: string, data: Buffer) => {
  const body = multipartBody('file', name, type, data);
  return call('POST', url, cookie, body.payload, body.headers);
};
const fontRows = async (ws: string) => db().select().from(brandFonts).where(eq(brandFonts.workspaceId, ws));

let t: BrandTeam;
let other: BrandTeam;
let ttf: Buffer;
let woff2: Buffer;

beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: false, workers: false });
  [ttf, woff2] = await Promise.all([readFile(fontFiles.ttf), readFile(fontFiles.woff2)]);
  t = await team();
  other = await team();
});
afterAll(async () => {
  await ctx?.close();
});

const ttfHalf = () => ttf.subarray(0, Math.floor(ttf.length / 2));

describe('brand fonts', () => {
  it('takes a real TTF and a WOFF2: the family read from the file, the original bytes served to members with a font type and nosniff', async () => {
    for (const [file, data, format, type] of [
      ['Inter Regular.ttf', ttf, 'ttf', 'font/ttf'],
      ['inter.woff2', woff2, 'woff2', 'font/woff2'],
    ] as const) {
      const res = await upload(t.member.cookie, fontsUrl(t.id), file, 'application/octet-stream', data);
      expect(res.statusCode, res.body).toBe(201);
      const font = res.json<BrandFont>();
      expect(font).toMatchObject({ family: 'Inter', format, fileName: file.replace(' ', '-') });
      expect(font.url).toMatch(new RegExp(`^/files/brand-kits/${t.id}/fonts/${font.id}\\.${format}\\?expires=\\d+&signature=`));
      const served = await fetchFile(font.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(data)).toBe(true);
    }
    expect((await list(t.member.cookie, t.id)).fonts.map((f) => f.format)).toEqual(['ttf', 'woff2']);
  });

  const refusals: Array<[string, string, () => Promise<Buffer> | Buffer, number, string]> = [
    ['a truncated TTF', 'cut.ttf', ttfHalf, 400, brandKitMessages.fontUnreadable],
    ['random bytes named .ttf', 'noise.ttf', () => randomBytes(4096), 415, brandKitMessages.fontType],
    ['a PNG named .ttf', 'picture.ttf', () => pngImage(32, 32), 415, brandKitMessages.fontType],
    ['a WOFF 1 file', 'old.woff', () => Buffer.concat([Buffer.from('wOFF'), ttf.subarray(4, 4096)]), 415, brandKitMessages.fontType],
    ['a font collection', 'set.ttc', () => Buffer.concat([Buffer.from('ttcf'), ttf.subarray(4, 4096)]), 415, brandKitMessages.fontType],
    [
      'TrueType garbage after a valid tag',
      'junk.ttf',
      () => Buffer.concat([ttf.subarray(0, 4), randomBytes(8192)]),
      400,
      brandKitMessages.fontUnreadable,
    ],
    ['a 9 MB file', 'huge.ttf', () => Buffer.concat([ttf, Buffer.alloc(9 * 1024 * 1024 - ttf.length)]), 413, brandKitMessages.fontTooLarge],
  ];

  it.each(refusals)('refuses %s with its status and message, storing neither a row nor a file', async (_, name, make, status, message) => {
    const rowsBefore = await fontRows(t.id);
    const filesBefore = await storedBrandFiles(ctx, t.id);
    const res = await upload(t.member.cookie, fontsUrl(t.id), name, 'font/ttf', await make());
    expect(res.statusCode, res.body).toBe(status);
    expect(errorOf(res).message).toBe(message);
    expect(await fontRows(t.id)).toEqual(rowsBefore);
    expect(await storedBrandFiles(ctx, t.id)).toEqual(filesBefore);
  });

  it('a font a kit uses cannot be deleted (409); members may not delete fonts (403); admins may, and the file goes with the row', async () => {
    const res = await upload(t.member.cookie, fontsUrl(t.id), 'brand.ttf', 'font/ttf', ttf);
    const font = res.json<BrandFont>();
    const kit = await createKit(t.member.cookie, t.id, { name: 'Uses font', bodyFont: { kind: 'uploaded', id: font.id } });
    const key = `brand-kits/${t.id}/fonts/${font.id}.ttf`;
    expect(await storedBrandFiles(ctx, t.id)).toContain(key);

    const inUse = await call('DELETE', `${fontsUrl(t.id)}/${font.id}`, t.owner.cookie);
    expect(inUse.statusCode).toBe(409);
    expect(errorOf(inUse).message).toBe(brandKitMessages.fontInUse);
    // The heading font too.
    await call('PATCH', `${kitsUrl(t.id)}/${kit.id}`, t.member.cookie, {
      bodyFont: { kind: 'catalog', id: 'lato' },
      headingFont: { kind: 'uploaded', id: font.id },
    });
    expect((await call('DELETE', `${fontsUrl(t.id)}/${font.id}`, t.admin.cookie)).statusCode).toBe(409);

    await call('PATCH', `${kitsUrl(t.id)}/${kit.id}`, t.member.cookie, { headingFont: { kind: 'catalog', id: 'lato' } });
    expect((await call('DELETE', `${fontsUrl(t.id)}/${font.id}`, t.member.cookie)).statusCode).toBe(403);
    expect((await call('DELETE', `${fontsUrl(t.id)}/${font.id}`, other.owner.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `${fontsUrl(other.id)}/${font.id}`, other.owner.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `${fontsUrl(t.id)}/${font.id}`, t.admin.cookie)).statusCode).toBe(204);
    expect((await fontRows(t.id)).map((r) => r.id)).not.toContain(font.id);
    expect(await storedBrandFiles(ctx, t.id)).not.toContain(key);
    expect((await fetchFile(font.url)).statusCode).toBe(404);
    expect((await call('DELETE', `${fontsUrl(t.id)}/${font.id}`, t.admin.cookie)).statusCode).toBe(404);
  });

  it(`keeps at most ${BRAND_FONTS_PER_WORKSPACE} fonts: the next upload is 409 and stores nothing, also when uploads race`, async () => {
    const w = await team();
    for (let i = 0; i < BRAND_FONTS_PER_WORKSPACE; i++) {
      const id = randomUUID();
      await insertFont(db(), {
        id,
        workspaceId: w.id,
        family: `F${i}`,
        fileName: `f${i}.ttf`,
        format: 'ttf',
        storageKey: `brand-kits/${w.id}/fonts/${id}.ttf`,
        byteSize: 1,
      });
    }
    const res = await upload(w.member.cookie, fontsUrl(w.id), 'one-more.ttf', 'font/ttf', ttf);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({ code: 'CONFLICT', message: brandKitMessages.tooManyFonts(BRAND_FONTS_PER_WORKSPACE) });
    expect(await fontRows(w.id)).toHaveLength(BRAND_FONTS_PER_WORKSPACE);
    expect(await storedBrandFiles(ctx, w.id)).toEqual([]);

    // One place left and three uploads at once: one is kept, the others are 409 and leave no file behind.
    await db().delete(brandFonts).where(eq(brandFonts.family, 'F0'));
    const racing = await Promise.all(
      [w.owner, w.admin, w.member].map((p) => upload(p.cookie, fontsUrl(w.id), 'race.woff2', 'font/woff2', woff2)),
    );
    expect(racing.map((r) => r.statusCode).sort((a, b) => a - b)).toEqual([201, 409, 409]);
    const kept = racing.find((r) => r.statusCode === 201)!.json<BrandFont>();
    expect(await fontRows(w.id)).toHaveLength(BRAND_FONTS_PER_WORKSPACE);
    expect(await storedBrandFiles(ctx, w.id)).toEqual([`brand-kits/${w.id}/fonts/${kept.id}.woff2`]);
  });
});

/** An SVG logo: `extra` inside the root element. */
const svg = (extra = '', attributes = '') =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n` +
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 200 100" ${attributes}>` +
      `<defs><linearGradient id="g"><stop offset="0" stop-color="#f50"/></linearGradient></defs>` +
      `<rect x="10" y="10" width="180" height="80" fill="url(#g)"/>${extra}</svg>`,
  );

async function expectServedRaster(url: string): Promise<{ width: number; height: number; hasAlpha: boolean }> {
  const served = await fetchFile(url);
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toMatch(/^image\/(png|webp)$/);
  expect(served.headers['content-type']).not.toMatch(/svg/);
  expect(served.headers['x-content-type-options']).toBe('nosniff');
  expect(served.rawPayload.subarray(0, 100).toString('latin1')).not.toMatch(/<svg|<\?xml/);
  const meta = await sharp(served.rawPayload).metadata();
  expect(['png', 'webp']).toContain(meta.format);
  return { width: meta.width, height: meta.height, hasAlpha: meta.hasAlpha };
}

describe('brand logos', () => {
  it('takes a PNG (kept at most 1024 px, transparency kept), replaces it and deletes the old file, removes it', async () => {
    const kit = await createKit(t.member.cookie, t.id, { name: 'Logo kit' });
    const transparent = await sharp({ create: { width: 2000, height: 500, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const first = await upload(t.member.cookie, logoUrl(t.id, kit.id), 'logo.png', 'image/png', transparent);
    expect(first.statusCode, first.body).toBe(200);
    const light = first.json<BrandKit>().logos.light!;
    expect(light).toMatchObject({ width: 1024, height: 256 });
    expect(await expectServedRaster(light.url)).toEqual({ width: 1024, height: 256, hasAlpha: true });
    const firstKey = decodeURIComponent(light.url.split('?')[0]!.slice('/files/'.length));

    const second = await upload(
      t.member.cookie,
      logoUrl(t.id, kit.id),
      'logo.jpg',
      'image/jpeg',
      await sharp(await pngImage(300, 120))
        .jpeg()
        .toBuffer(),
    );
    expect(second.statusCode).toBe(200);
    const replaced = second.json<BrandKit>().logos.light!;
    expect(replaced).toMatchObject({ width: 300, height: 120 });
    const files = await storedBrandFiles(ctx, t.id);
    expect(files).not.toContain(firstKey);
    expect(files.filter((f) => f.includes(`/logos/${kit.id}-light-`))).toHaveLength(1);

    const removed = await call('DELETE', logoUrl(t.id, kit.id), t.member.cookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<BrandKit>().logos).toEqual({ light: null, dark: null });
    expect((await storedBrandFiles(ctx, t.id)).filter((f) => f.includes(`/logos/${kit.id}-`))).toEqual([]);
  });

  it('refuses a fake PNG (415), 6 MB (413) and an SVG over 1 MB (413), changing nothing', async () => {
    const kit = await createKit(t.member.cookie, t.id, { name: 'Refusals' });
    const ok = await upload(t.member.cookie, logoUrl(t.id, kit.id, 'dark'), 'logo.png', 'image/png', await pngImage(40, 40));
    const before = ok.json<BrandKit>();
    const filesBefore = await storedBrandFiles(ctx, t.id);
    const cases: Array<[string, Buffer, number, string]> = [
      ['fake.png', Buffer.from('<html><script>alert(1)</script></html>'), 415, brandKitMessages.logoType],
      [
        'anim.gif',
        await sharp(await pngImage(20, 20))
          .gif()
          .toBuffer(),
        415,
        brandKitMessages.logoType,
      ],
      ['big.png', Buffer.concat([await pngImage(32, 32), Buffer.alloc(6 * 1024 * 1024)]), 413, brandKitMessages.logoTooLarge],
      ['big.svg', svg(`<desc>${'x'.repeat(1024 * 1024)}</desc>`), 413, brandKitMessages.svgLogoTooLarge],
    ];
    for (const [name, data, status, message] of cases) {
      const res = await upload(t.member.cookie, logoUrl(t.id, kit.id, 'dark'), name, 'image/png', data);
      expect(res.statusCode, name).toBe(status);
      expect(errorOf(res).message).toBe(message);
    }
    const after = (await list(t.member.cookie, t.id)).kits.find((k) => k.id === kit.id)!;
    expect(after.logos.dark).toEqual(before.logos.dark);
    expect(after.updatedAt).toBe(before.updatedAt);
    expect(await storedBrandFiles(ctx, t.id)).toEqual(filesBefore);
  });

  it('refuses an SVG that could run or load anything (400), and stores and serves a clean one only as a PNG', async () => {
    const kit = await createKit(t.member.cookie, t.id, { name: 'SVG' });
    const filesBefore = await storedBrandFiles(ctx, t.id);
    const active = [
      svg('<script>alert(1)</script>'),
      svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>'),
      svg('', 'onload="alert(1)"'),
      svg('<a href="javascript:alert(1)"><text>x</text></a>'),
      svg('<use xlink:href="https://evil.example/sprite.svg#logo"/>'),
      svg('<image href="file:///etc/passwd" width="10" height="10"/>'),
      svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'),
      svg('<rect width="5" height="5" style="fill:url(https://evil.example/p.svg)"/>'),
      svg('<style>@import url("https://evil.example/a.css");</style>'),
      Buffer.from(
        '<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&xxe;</text></svg>',
      ),
    ];
    for (const data of active) {
      const res = await upload(t.member.cookie, logoUrl(t.id, kit.id), 'logo.svg', 'image/svg+xml', data);
      expect(res.statusCode, data.toString()).toBe(400);
      expect(errorOf(res).message).toBe(brandKitMessages.logoUnreadable);
    }
    expect(await storedBrandFiles(ctx, t.id)).toEqual(filesBefore);
    expect((await list(t.member.cookie, t.id)).kits.find((k) => k.id === kit.id)!.logos.light).toBeNull();

    const clean = await upload(t.member.cookie, logoUrl(t.id, kit.id), 'logo.svg', 'image/svg+xml', svg('<!-- made by hand -->'));
    expect(clean.statusCode, clean.body).toBe(200);
    const light = clean.json<BrandKit>().logos.light!;
    expect(light).toMatchObject({ width: 1024, height: 512 });
    expect(light.url).toMatch(/\.png\?/);
    expect(await expectServedRaster(light.url)).toMatchObject({ width: 1024, height: 512, hasAlpha: true });
    const stored = (await storedBrandFiles(ctx, t.id)).filter((f) => f.includes(`/logos/${kit.id}-`));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/\.png$/);
  });

  it("deleting a kit deletes its logos' files", async () => {
    const kit = await createKit(t.member.cookie, t.id, { name: 'Doomed' });
    await upload(t.member.cookie, logoUrl(t.id, kit.id, 'light'), 'l.png', 'image/png', await pngImage(30, 30));
    await upload(t.member.cookie, logoUrl(t.id, kit.id, 'dark'), 'd.png', 'image/png', await pngImage(30, 30, 3));
    expect((await storedBrandFiles(ctx, t.id)).filter((f) => f.includes(`/logos/${kit.id}-`))).toHaveLength(2);
    expect((await call('DELETE', `${kitsUrl(t.id)}/${kit.id}`, t.admin.cookie)).statusCode).toBe(204);
    expect((await storedBrandFiles(ctx, t.id)).filter((f) => f.includes(`/logos/${kit.id}-`))).toEqual([]);
  });
});

describe('brand files are private', () => {
  it("members get signed URLs; without the signature (or with a forged one) a file is 404/403 to anyone, another workspace's members included", async () => {
    const kit = await createKit(t.member.cookie, t.id, { name: 'Private' });
    const logoRes = await upload(t.member.cookie, logoUrl(t.id, kit.id), 'p.png', 'image/png', await pngImage(30, 30));
    const fontRes = await upload(t.member.cookie, fontsUrl(t.id), 'p.ttf', 'font/ttf', ttf);
    for (const url of [logoRes.json<BrandKit>().logos.light!.url, fontRes.json<BrandFont>().url]) {
      const bare = url.split('?')[0]!;
      for (const cookie of [other.owner.cookie, t.owner.cookie, '']) expect((await fetchFile(bare, cookie)).statusCode).toBe(404);
      expect((await fetchFile(url.replace(/signature=[^&]+/, 'signature=forged'), other.owner.cookie)).statusCode).toBe(403);
    }
    // The list that hands the URLs out is the workspace's members' only.
    expect((await call('GET', kitsUrl(t.id), other.owner.cookie)).statusCode).toBe(404);
    expect((await call('GET', kitsUrl(t.id), t.member.cookie)).statusCode).toBe(200);
  });
});

describe('loadBrandKitForRender', () => {
  it('gives the default kit (or the one named) with its colours, fonts as catalogue ids or the uploaded bytes, logos as PNG bytes; null without a kit', async () => {
    const w = await team();
    expect(await ctx.services.brandKits.forRender(w.id, null)).toBeNull();
    const font = (await upload(w.member.cookie, fontsUrl(w.id), 'brand.woff2', 'font/woff2', woff2)).json<BrandFont>();
    const kit = await createKit(w.member.cookie, w.id, {
      name: 'Render',
      headingFont: { kind: 'uploaded', id: font.id },
      avoidWords: ['cheap', 'free'],
    });
    const second = await createKit(w.member.cookie, w.id, { name: 'Second', voice: null });
    await upload(w.member.cookie, logoUrl(w.id, kit.id, 'dark'), 'd.png', 'image/png', await pngImage(60, 30));

    const loaded = (await ctx.services.brandKits.forRender(w.id, null))!;
    expect(loaded).toMatchObject({
      id: kit.id,
      name: 'Render',
      colors: kit.colors,
      bodyFont: { catalog: 'inter' },
      voice: 'Warm and short.',
      avoidWords: ['cheap', 'free'],
    });
    expect('bytes' in loaded.headingFont && loaded.headingFont.bytes.equals(woff2)).toBe(true);
    expect(loaded.logos.light).toBeUndefined();
    expect((await sharp(loaded.logos.dark).metadata()).format).toBe('png');

    expect(await ctx.services.brandKits.forRender(w.id, second.id)).toMatchObject({ id: second.id, voice: null, logos: {} });
    // A kit of another workspace is not found through this one.
    expect(await ctx.services.brandKits.forRender(other.id, kit.id)).toBeNull();
    expect(await ctx.services.brandKits.forRender(w.id, randomUUID())).toBeNull();
  });
});
