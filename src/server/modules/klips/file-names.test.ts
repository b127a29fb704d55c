import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, pngImage } from '#test-support/images.ts';
import { callAs, person, type Person } from '#test-support/klip-people.ts';
import { storedKlip } from '#test-support/stored-klip.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { klipMessages } from '#contracts/klips.ts';

// postgres-pass: same

/** The name the probe uploaded (issue 24): every letter but the circled S (a symbol, not a letter) must survive. */
const PROBE = 'ünïcödé-Ⓢneaker-日本語.png';
const KEPT = 'ünïcödé-neaker-日本語';

let ctx: TestContext;
let seller: Person;
beforeAll(async () => {
  ctx = await createTestContext({ workers: false, rateLimits: false });
  seller = await person(ctx, 'names@example.com');
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string) => callAs(ctx, seller)('GET', url);

describe('file names keep Unicode letters and digits (docs/product-rules.md#uploads)', () => {
  it('stores an upload under its letters, composed (NFC), whatever form the browser sent', async () => {
    for (const name of [PROBE, PROBE.normalize('NFD')]) {
      const body = multipartBody('file', name, 'image/png', await pngImage(40, 30));
      const res = await ctx.app.server.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...SAME_ORIGIN, cookie: seller.cookie, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().originalName).toBe(`${KEPT}.png`);
    }
  });

  it('downloads and exports under a Unicode name: ASCII filename= and the UTF-8 name in filename*', async () => {
    const klip = await storedKlip(ctx, seller.id);
    const encoded = encodeURIComponent(KEPT);
    const download = await get(`/api/klips/${klip.id}/download?format=jpg&name=${encoded}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="unicode-neaker.jpg"; filename*=UTF-8''${encodeURIComponent(`${KEPT}.jpg`)}`,
    );
    const exported = await get(`/api/klips/${klip.id}/exports/story?name=${encodeURIComponent(KEPT.normalize('NFD'))}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toBe(
      `attachment; filename="unicode-neaker-story.jpg"; filename*=UTF-8''${encodeURIComponent(`${KEPT}-story.jpg`)}`,
    );
  });

  it('still refuses names with anything but letters, digits and hyphens', async () => {
    const klip = await storedKlip(ctx, seller.id);
    for (const name of ['Ⓢneaker', 'a b', '..%2Fx', 'x%22y', '-lead']) {
      const res = await get(`/api/klips/${klip.id}/download?name=${encodeURIComponent(name)}`);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.message, name).toBe(klipMessages.fileNameInvalid);
    }
  });
});
