import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adMessages } from '#contracts/ads.ts';
import { adSlotMessages } from '#contracts/ad-formats.ts';
import { batchMessages } from '#contracts/batches.ts';
import { entitlementMessages } from '#contracts/entitlements.ts';
import { exportMessages } from '#contracts/exports.ts';
import { generationMessages } from '#contracts/generation.ts';
import { lookMessages, LOOKS_PER_WORKSPACE, type Look } from '#contracts/looks.ts';
import { workspaceMessages } from '#contracts/workspaces.ts';
import { brandTeam, createBrandKit, type BrandTeam } from '#test-support/brand-kits.ts';
import { multipartBody, pngImage } from '#test-support/images.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { selectWorkspace } from '#test-support/workspaces.ts';
import { aiModels, savedLooks } from '../../db/schema/index.ts';

// postgres-pass: same

let ctx: TestContext;
let team: BrandTeam;
let other: BrandTeam;
let modelId: string;
let kitId: string;
let uploadId: string;
const db = () => ctx.database.db;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie: string, payload?: object) =>
  ctx.app.server.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, ...(payload ? { payload } : {}) });
const errorOf = (res: LightMyRequestResponse) => res.json<{ error: { code: string; message: string } }>().error;
const looksUrl = (workspaceId: string) => `/api/workspaces/${workspaceId}/looks`;
const lookUrl = (workspaceId: string, id: string) => `${looksUrl(workspaceId)}/${id}`;

const body = (changes: object = {}) => ({
  name: 'Summer beach',
  modelType: 'standard',
  modelId,
  prompt: 'on a sunny beach, soft shadows',
  ...changes,
});

async function upload(cookie: string): Promise<string> {
  const form = multipartBody('file', 'backdrop.png', 'image/png', await pngImage(48, 48, 3));
  const res = await ctx.app.server.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...SAME_ORIGIN, cookie, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

beforeAll(async () => {
  ctx = await createTestContext({ workers: false, rateLimits: false });
  [team, other] = await Promise.all([brandTeam(ctx), brandTeam(ctx)]);
  await Promise.all([team.owner, team.admin, team.member].map((p) => selectWorkspace(db(), p.id, team.id)));
  await selectWorkspace(db(), other.owner.id, other.id);
  modelId = (await db().select().from(aiModels).where(eq(aiModels.slug, 'ai-product-photo-editor')))[0]!.id;
  kitId = (await createBrandKit(ctx, team.owner.cookie, team.id, { name: 'Beach Co.' })).id;
  uploadId = await upload(team.member.cookie);
});
afterAll(async () => ctx?.close());

describe('saved looks', () => {
  it('a member saves a look with its ads and export presets, lists, replaces it; the name is unique per workspace whatever its case', async () => {
    const created = await call(
      'POST',
      looksUrl(team.id),
      team.member.cookie,
      body({
        backgroundUploadId: uploadId,
        brandKitId: kitId,
        adLayout: 'bottom-bar',
        adTexts: { headline: 'Summer sale', cta: 'Shop now' },
        adSizes: ['square-feed', 'story'],
        exportPresets: ['shopify-product'],
      }),
    );
    expect(created.statusCode).toBe(201);
    const look = created.json<Look>();
    expect(look).toMatchObject({
      name: 'Summer beach',
      modelId,
      backgroundUploadId: uploadId,
      brandKitId: kitId,
      adLayout: 'bottom-bar',
      adTexts: { headline: 'Summer sale', cta: 'Shop now', subline: null, price: null },
      adSizes: ['square-feed', 'story'],
      exportPresets: ['shopify-product'],
      canDelete: false,
    });
    expect(look.backgroundUrl).toMatch(/signature=/);

    const taken = await call('POST', looksUrl(team.id), team.admin.cookie, body({ name: 'SUMMER BEACH' }));
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).message).toBe(lookMessages.nameTaken);
    // Another workspace may use the name.
    expect((await call('POST', looksUrl(other.id), other.owner.cookie, body())).statusCode).toBe(201);

    const replaced = await call('PUT', lookUrl(team.id, look.id), team.member.cookie, body({ name: 'Winter', prompt: 'in snow' }));
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<Look>()).toMatchObject({ name: 'Winter', prompt: 'in snow', adSizes: [], adLayout: null, brandKitId: null });

    const list = await call('GET', looksUrl(team.id), team.owner.cookie);
    expect(list.statusCode).toBe(200);
    const looks = list.json<{ looks: Look[] }>().looks;
    expect(looks.map((l) => [l.name, l.canDelete])).toEqual([['Winter', true]]);
  });

  it('refuses an overlay-refusing size with its channel message, and every bad field with its own message', async () => {
    const cases: Array<[object, string]> = [
      [{ adLayout: 'bottom-bar', adSizes: ['square-feed', 'amazon-main'] }, adSlotMessages.amazonMain],
      [{ adLayout: 'bottom-bar', adSizes: ['google-shopping'] }, adSlotMessages.googleShopping],
      [{ adSizes: ['square-feed'] }, lookMessages.layoutRequired],
      [{ adLayout: 'bottom-bar', adSizes: ['square-feed', 'square-feed'] }, lookMessages.duplicateSizes],
      [{ adLayout: 'nope', adSizes: [] }, adMessages.layoutInvalid],
      [{ adLayout: 'bottom-bar', adSizes: ['billboard'] }, adMessages.sizeInvalid],
      [{ exportPresets: ['poster'] }, exportMessages.presetUnknown],
      [{ exportPresets: ['shopify-product', 'shopify-product'] }, lookMessages.duplicatePresets],
      [{ adTexts: { headline: 'x'.repeat(81) } }, adMessages.headlineTooLong],
      [{ name: '' }, lookMessages.nameRequired],
      [{ name: 'x'.repeat(61) }, lookMessages.nameTooLong],
      [{ prompt: '' }, generationMessages.promptRequired],
      [{ modelId: 'nope' }, generationMessages.modelNotFound],
    ];
    for (const [changes, message] of cases) {
      const res = await call('POST', looksUrl(team.id), team.member.cookie, body({ name: 'Bad', ...changes }));
      expect([res.statusCode, errorOf(res).message], JSON.stringify(changes)).toEqual([400, message]);
    }
  });

  it("refuses another workspace's upload or kit (400) and a model that takes no product photo", async () => {
    const otherKit = await createBrandKit(ctx, other.owner.cookie, other.id, { name: 'Theirs' });
    const theirUpload = await upload(other.owner.cookie);
    const kit = await call('POST', looksUrl(team.id), team.member.cookie, body({ name: 'K', brandKitId: otherKit.id }));
    expect([kit.statusCode, errorOf(kit).message]).toEqual([400, lookMessages.brandKitNotUsable]);
    const bg = await call('POST', looksUrl(team.id), team.member.cookie, body({ name: 'B', backgroundUploadId: theirUpload }));
    expect([bg.statusCode, errorOf(bg).message]).toEqual([400, lookMessages.backgroundNotUsable]);
    const [textModel] = await db().select().from(aiModels).where(eq(aiModels.slug, 'flux-1.1-pro-ultra'));
    const res = await call('POST', looksUrl(team.id), team.member.cookie, body({ name: 'T', modelId: textModel!.id }));
    expect([res.statusCode, errorOf(res).message]).toEqual([400, batchMessages.productModelRequired]);
  });

  it('only owners and admins delete; non-members get 404; a workspace without the plan 403', async () => {
    const look = (await call('POST', looksUrl(team.id), team.member.cookie, body({ name: 'To delete' }))).json<Look>();
    const byMember = await call('DELETE', lookUrl(team.id, look.id), team.member.cookie);
    expect([byMember.statusCode, errorOf(byMember).message]).toEqual([403, workspaceMessages.notAllowed]);
    const byStranger = await call('DELETE', lookUrl(team.id, look.id), other.owner.cookie);
    expect(byStranger.statusCode).toBe(404);
    expect((await call('GET', looksUrl(team.id), other.owner.cookie)).statusCode).toBe(404);
    expect((await call('POST', looksUrl(team.id), other.owner.cookie, body({ name: 'Sneaky' }))).statusCode).toBe(404);
    expect((await call('DELETE', lookUrl(team.id, look.id), team.admin.cookie)).statusCode).toBe(204);
    const again = await call('DELETE', lookUrl(team.id, look.id), team.owner.cookie);
    expect([again.statusCode, errorOf(again).message]).toEqual([404, lookMessages.notFound]);

    const planless = await brandTeam(ctx, null);
    const res = await call('GET', looksUrl(planless.id), planless.owner.cookie);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: 'PLAN_REQUIRED', message: entitlementMessages.planRequired('brandKits') });
  });

  it(`keeps at most ${LOOKS_PER_WORKSPACE} looks per workspace (409 for the next)`, async () => {
    const crowded = await brandTeam(ctx);
    await db()
      .insert(savedLooks)
      .values(
        Array.from({ length: LOOKS_PER_WORKSPACE }, (_, i) => ({
          workspaceId: crowded.id,
          name: `Look ${i}`,
          modelType: 'standard' as const,
          modelId,
          prompt: 'p',
          adTexts: {},
          adSizes: [],
          exportPresets: [],
        })),
      );
    const res = await call('POST', looksUrl(crowded.id), crowded.member.cookie, body());
    expect([res.statusCode, errorOf(res).message]).toEqual([409, lookMessages.tooManyLooks]);
    expect((await db().select({ n: count() }).from(savedLooks).where(eq(savedLooks.workspaceId, crowded.id)))[0]!.n).toBe(
      LOOKS_PER_WORKSPACE,
    );
  });
});
