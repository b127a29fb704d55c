import { eq } from 'drizzle-orm';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, pixelBombPng, truncated } from '#test-support/broken-uploads.ts';
import { pngImage } from '#test-support/images.ts';
import { verifiedUser } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { UPLOAD_MAX_BYTES, uploadMessages } from '#contracts/uploads.ts';
import { uploads, userProfiles, users } from '../../db/schema/index.ts';

// postgres-pass: concurrency

/**
 * Broken and hostile files on every route that takes one (docs/operations.md#upload-limits-and-answers):
 * each is a 4xx with an upload message, nothing is stored, and a good file still goes through after.
 */
let ctx: TestContext;
let cookie: string;
let userId: string;
let png: Buffer;
let jpeg: Buffer;
/** Where uploads are streamed to while they are handled (os.tmpdir() follows TMPDIR). */
let uploadTemp: string;
const systemTemp = process.env['TMPDIR'];

beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: false, workers: false });
  uploadTemp = await mkdtemp(path.join(os.tmpdir(), 'klipt-uploads-test-'));
  process.env['TMPDIR'] = uploadTemp;
  cookie = await verifiedUser(ctx, 'uploader@example.com');
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, 'uploader@example.com'));
  userId = user!.id;
  png = await pngImage(300, 200);
  jpeg = await sharp(png).jpeg().toBuffer();
});
afterAll(async () => {
  await ctx.close();
  if (systemTemp === undefined) delete process.env['TMPDIR'];
  else process.env['TMPDIR'] = systemTemp;
  await rm(uploadTemp, { recursive: true, force: true });
});

const routes = ['/api/uploads', '/api/profile/avatar'] as const;

const post = (url: string, form: { payload: Buffer; headers: Record<string, string> }) =>
  ctx.app.server.inject({ method: 'POST', url, headers: { ...SAME_ORIGIN, cookie, ...form.headers }, payload: form.payload });

const oneFile = (data: Buffer, filename = 'photo.png', contentType = 'image/png') =>
  multipartForm([{ field: 'file', filename, contentType, data }]);

/** What the route stored for the user: upload rows, or the avatar. */
async function stored(): Promise<number> {
  const rows = await ctx.database.db.select().from(uploads).where(eq(uploads.userId, userId));
  const [profile] = await ctx.database.db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
  return rows.length + (profile?.avatarKey ? 1 : 0);
}

describe.each(routes)('broken uploads to %s are a 4xx, never a 500', (url) => {
  it.each([
    ['a PNG with a valid header and truncated data', () => oneFile(truncated(png)), 415, uploadMessages.damaged],
    [
      'a JPEG with a valid header and truncated data',
      () => oneFile(truncated(jpeg), 'photo.jpg', 'image/jpeg'),
      415,
      uploadMessages.damaged,
    ],
    ['a 30000 x 30000 pixel bomb of a few hundred bytes', () => oneFile(pixelBombPng(30_000, 30_000)), 413, uploadMessages.tooManyPixels],
    [
      'a multipart body without its closing boundary',
      () => multipartForm([{ field: 'file', filename: 'a.png', contentType: 'image/png', data: png }], { closed: false }),
      400,
      uploadMessages.malformed,
    ],
    [
      'two files',
      () =>
        multipartForm([
          { field: 'file', filename: 'a.png', contentType: 'image/png', data: png },
          { field: 'file', filename: 'b.png', contentType: 'image/png', data: png },
        ]),
      400,
      uploadMessages.tooManyFiles,
    ],
    [
      'two files under different names',
      () =>
        multipartForm([
          { field: 'file', filename: 'a.png', contentType: 'image/png', data: png },
          { field: 'other', filename: 'b.png', contentType: 'image/png', data: png },
        ]),
      400,
      uploadMessages.tooManyFiles,
    ],
    [
      'a file among a dozen form fields',
      () =>
        multipartForm([
          ...Array.from({ length: 12 }, (_, i) => ({ field: `f${i}`, data: 'x' })),
          { field: 'file', filename: 'a.png', contentType: 'image/png', data: png },
        ]),
      400,
      uploadMessages.tooManyFields,
    ],
    [
      'a multipart content type without a boundary',
      () => ({ payload: Buffer.from('not really multipart'), headers: { 'content-type': 'multipart/form-data' } }),
      400,
      uploadMessages.malformed,
    ],
  ])('%s', async (_label, form, status, message) => {
    const before = await stored();
    const res = await post(url, form());
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({
      error: { code: { 400: 'BAD_REQUEST', 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE' }[status], message },
    });
    expect(await stored()).toBe(before);
  });

  it('still takes one good file, with form fields beside it', async () => {
    const res = await post(
      url,
      multipartForm([
        { field: 'note', data: 'hello' },
        { field: 'file', filename: 'a.png', contentType: 'image/png', data: png },
      ]),
    );
    expect(res.statusCode).toBeLessThan(300);
  });
});

describe('uploads are streamed to a temporary file and decoded in turn (docs/operations.md#memory)', () => {
  it('answers every one of several uploads sent at once, and leaves no temporary file behind', async () => {
    const before = await stored();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => post('/api/uploads', oneFile(jpeg, `photo-${i}.jpg`, 'image/jpeg'))),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.map((res) => res.json<{ width: number }>().width)).toEqual([300, 300, 300, 300, 300]);
    expect(await stored()).toBe(before + 5);
    expect(await readdir(uploadTemp)).toEqual([]);
  });

  it('cuts a file over the limit off at the limit, with its message, and removes what was written', async () => {
    const before = await stored();
    const res = await post('/api/uploads', oneFile(Buffer.concat([png, Buffer.alloc(UPLOAD_MAX_BYTES)])));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: uploadMessages.tooLarge } });
    expect(await stored()).toBe(before);
    expect(await readdir(uploadTemp)).toEqual([]);
  });

  it('removes the temporary file of a refused image too', async () => {
    const res = await post('/api/uploads', oneFile(truncated(png)));
    expect(res.statusCode).toBe(415);
    expect(await readdir(uploadTemp)).toEqual([]);
  });
});
