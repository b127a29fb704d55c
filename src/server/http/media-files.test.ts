import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '#test-support/images.ts';
import { createTestContext, type TestContext } from '#test-support/test-app.ts';
import { errorStatus, type ErrorCode } from '#contracts/errors.ts';

// postgres-pass: same

let ctx: TestContext;
let size: number;
beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: false, workers: false });
  const storage = path.join(ctx.dataDir, 'storage');
  // A prefix the server does not guard by row (klips and uploads are: src/server/modules/access/media-files.test.ts).
  await mkdir(path.join(storage, 'inspirations', 'someone'), { recursive: true });
  await mkdir(path.join(storage, 'uploads'), { recursive: true });
  const png = await pngImage(16, 16);
  size = png.length;
  await writeFile(path.join(storage, 'inspirations', 'someone', 'file.png'), png);
  await writeFile(path.join(storage, '.hidden'), 'secret');
  await writeFile(path.join(storage, 'uploads', '.hidden.png'), png);
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.server.inject({ method: 'GET', url, headers });

describe('/files refusals (docs/operations.md#upload-limits-and-answers)', () => {
  it('serves a stored file', async () => {
    const res = await get('/files/inspirations/someone/file.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it.each([
    ['a dot-file', '/files/.hidden'],
    ['a dot-file in a folder', '/files/uploads/.hidden.png'],
    ['a folder', '/files/uploads/'],
    ['a folder without its slash', '/files/uploads'],
    ['a NUL byte', '/files/inspirations/someone/file.png%00.txt'],
    ['a missing file', '/files/inspirations/someone/missing.png'],
  ])('%s is not found, with the code of its status', async (_label, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    expect(res.body).not.toContain('uploads');
  });

  it('answers a range past the end with a bare 416 and the size', async () => {
    const res = await get('/files/inspirations/someone/file.png', { range: `bytes=${size + 10}-` });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${size}`);
    expect(res.body).toBe('');
    const part = await get('/files/inspirations/someone/file.png', { range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(10);
  });

  it('answers a failed precondition with a bare 412', async () => {
    const res = await get('/files/inspirations/someone/file.png', { 'if-match': '"not-this-file"' });
    expect(res.statusCode).toBe(412);
    expect(res.body).toBe('');
  });

  it('never answers an error code that disagrees with its status', async () => {
    const urls = [
      '/files/.hidden',
      '/files/uploads/',
      '/files/inspirations/someone/file.png/more',
      '/files/%2e%2e%2fsecret',
      '/files/' + 'a/'.repeat(300),
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      const code = res.json<{ error: { code: ErrorCode } }>().error.code;
      expect(errorStatus[code], url).toBe(res.statusCode);
    }
  });
});
