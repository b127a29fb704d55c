import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, person, type Person } from '#test-support/klip-people.ts';
import { storedKlip } from '#test-support/stored-klip.ts';
import { createTestContext, type TestContext } from '#test-support/test-app.ts';
import { waitFor } from '#test-support/wait-for.ts';
import { signedInUser } from '#test-support/workspaces.ts';
import { exportMessages } from '#contracts/exports.ts';
import { exportRenderRateLimit } from '#contracts/limits.ts';
import { silentLogger } from '../../lib/logger.ts';
import { createViewerLoader } from '../access/viewer.ts';
import { createExportService, exportKey, exportKeysOf } from './service.ts';
import { sharpUpscaler, type Upscaler } from './upscaler.ts';

// postgres-pass: same

/**
 * What an export costs the server (issue 24): one render per klip, preset and fit at a time, a
 * per-user budget of renders, and no file left behind by a render that finishes after its klip was deleted.
 */
let ctx: TestContext;
let alice: Person;
let bob: Person;
let admin: Person;
beforeAll(async () => {
  ctx = await createTestContext({ workers: false });
  [alice, bob, admin] = await Promise.all([
    person(ctx, 'alice@example.com'),
    person(ctx, 'bob@example.com'),
    person(ctx, 'admin@example.com', { superAdmin: true }),
  ]);
});
afterAll(async () => {
  await ctx.close();
});

/** The upscale render, counted and held until the test releases it. */
function heldUpscaler() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const upscaler = {
    started: 0,
    release,
    upscale: async (image: Buffer, size: { width: number; height: number }) => {
      upscaler.started++;
      await released;
      return sharpUpscaler.upscale(image, size);
    },
  } satisfies Upscaler & { started: number; release: () => void };
  return upscaler;
}

/** An export service of its own (the route's is built by the runtime), on the test context's database and storage. */
function exportServiceWith(upscaler: Upscaler) {
  const db = ctx.database.db;
  return createExportService({
    db,
    storage: ctx.storage,
    access: createViewerLoader(),
    logger: silentLogger(),
    rateLimiter: ctx.services.rateLimiter,
    upscaler,
  });
}

const signedIn = (who: Person) => signedInUser(ctx.database.db, who.id);

describe('export renders', () => {
  it('renders once when many first requests for one klip, preset and fit arrive together', async () => {
    const klip = await storedKlip(ctx, alice.id);
    const upscaler = heldUpscaler();
    const exports = exportServiceWith(upscaler);
    const aliceCaller = await signedIn(alice);
    const answers = Array.from({ length: 6 }, () => exports.export(aliceCaller, klip.id, 'upscale-2x', 'pad'));
    await waitFor(() => upscaler.started > 0, { message: 'the render to start' });
    upscaler.release();
    const files = await Promise.all(answers);
    expect(upscaler.started).toBe(1);
    for (const file of files) expect(file.data.equals(files[0]!.data)).toBe(true);
    expect((await ctx.storage.get(exportKey(klip.id, 'upscale-2x', 'pad')))!.equals(files[0]!.data)).toBe(true);
  });

  it('leaves no file in storage when the klip is deleted while its export renders', async () => {
    const klip = await storedKlip(ctx, alice.id);
    const upscaler = heldUpscaler();
    const aliceCaller = await signedIn(alice);
    const exporting = exportServiceWith(upscaler).export(aliceCaller, klip.id, 'upscale-2x', 'pad');
    await waitFor(() => upscaler.started > 0, { message: 'the render to start' });

    const deleted = await callAs(ctx, admin)('DELETE', `/api/admin/klips/${klip.id}`);
    expect(deleted.statusCode).toBe(204);
    upscaler.release();
    await exporting;

    for (const key of exportKeysOf(klip.id)) expect(await ctx.storage.get(key), key).toBeNull();
  });

  it('limits the renders of one user with a clear 429; answers from the cache do not count', async () => {
    const [first, second] = [await storedKlip(ctx, bob.id), await storedKlip(ctx, bob.id)];
    for (let i = 1; i < exportRenderRateLimit.max; i++) await ctx.services.rateLimiter.hit(exportRenderRateLimit, bob.id);
    const asBob = callAs(ctx, bob);

    expect((await asBob('GET', `/api/klips/${first.id}/exports/story`)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await asBob('GET', `/api/klips/${first.id}/exports/story`)).statusCode).toBe(200);

    const refused = await asBob('GET', `/api/klips/${second.id}/exports/story`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: exportMessages.tooManyRenders } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await ctx.storage.get(exportKey(second.id, 'story', 'pad'))).toBeNull();

    // Another user's budget is their own.
    const hers = await storedKlip(ctx, alice.id);
    expect((await callAs(ctx, alice)('GET', `/api/klips/${hers.id}/exports/story`)).statusCode).toBe(200);
  });
});
