import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_KITS_PER_WORKSPACE, brandKitMessages, type BrandKit, type BrandKitInput, type BrandKitList } from '#contracts/brand-kits.ts';
import { DEFAULT_BODY_FONT, DEFAULT_HEADING_FONT } from '#contracts/brand-fonts.ts';
import type { PlanId } from '#contracts/plans.ts';
import { entitlementMessages } from '#contracts/entitlements.ts';
import { workspaceMessages } from '#contracts/workspaces.ts';
import { brandTeam, createBrandKit, fontsUrl, kitInput, kitsUrl, kitUrl, type BrandTeam } from '#test-support/brand-kits.ts';
import { multipartBody, pngImage } from '#test-support/images.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { brandKits } from '../../db/schema/index.ts';
import { insertFont } from './font-repo.ts';

// postgres-pass: concurrency

let ctx: TestContext;
const db = () => ctx.database.db;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie: string, payload?: object | Buffer, headers: Record<string, string> = {}) =>
  ctx.app.server.inject({ method, url, headers: { ...SAME_ORIGIN, cookie, ...headers }, ...(payload ? { payload } : {}) });
const errorOf = (res: LightMyRequestResponse) => res.json<{ error: { code: string; message: string } }>().error;

const createKit = (cookie: string, ws: string, name: string, changes: Partial<BrandKitInput> = {}) =>
  createBrandKit(ctx, cookie, ws, { name, ...changes });
const list = async (cookie: string, ws: string) => (await call('GET', kitsUrl(ws), cookie)).json<BrandKitList>();
const kitCount = async (ws: string) =>
  (await db().select({ id: brandKits.id }).from(brandKits).where(eq(brandKits.workspaceId, ws))).length;
const team = (plan?: PlanId | null) => brandTeam(ctx, plan);

beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: false, workers: false });
});
afterAll(async () => {
  await ctx?.close();
});

/** Every brand kit route of a workspace, with a kit and a font id in it (which need not exist). */
function everyRoute(ws: string, kit: string, font: string) {
  const logo = multipartBody('file', 'logo.png', 'image/png', Buffer.from('png'));
  const ttf = multipartBody('file', 'a.ttf', 'font/ttf', Buffer.from('ttf'));
  return [
    { method: 'GET', url: kitsUrl(ws) },
    { method: 'POST', url: kitsUrl(ws), payload: kitInput() },
    { method: 'PATCH', url: kitUrl(ws, kit), payload: { name: 'New' } },
    { method: 'PUT', url: `${kitUrl(ws, kit)}/default` },
    { method: 'DELETE', url: kitUrl(ws, kit) },
    { method: 'POST', url: `${kitUrl(ws, kit)}/logos/light`, payload: logo.payload, headers: logo.headers },
    { method: 'DELETE', url: `${kitUrl(ws, kit)}/logos/dark` },
    { method: 'POST', url: fontsUrl(ws), payload: ttf.payload, headers: ttf.headers },
    { method: 'DELETE', url: `/api/workspaces/${ws}/brand-fonts/${font}` },
  ] as Array<{ method: Method; url: string; payload?: object | Buffer; headers?: Record<string, string> }>;
}

describe('brand kits: who may call', () => {
  it('a workspace without a plan that includes brand kits gets 403 PLAN_REQUIRED on every route (Starter too); Growth and Pro pass', async () => {
    for (const plan of [null, 'starter'] as const) {
      const t = await team(plan);
      for (const route of everyRoute(t.id, randomUUID(), randomUUID())) {
        const res = await call(route.method, route.url, t.owner.cookie, route.payload, route.headers);
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(errorOf(res)).toEqual({ code: 'PLAN_REQUIRED', message: entitlementMessages.planRequired('brandKits'), plan: 'growth' });
      }
    }
    for (const plan of ['growth', 'pro'] as const) {
      const t = await team(plan);
      expect((await call('GET', kitsUrl(t.id), t.member.cookie)).statusCode).toBe(200);
    }
  });

  it('someone who is not a member gets 404 on every route, even with a plan of their own and a real kit id', async () => {
    const t = await team();
    const kit = await createKit(t.owner.cookie, t.id, 'Secret');
    const other = await team('pro');
    for (const route of everyRoute(t.id, kit.id, randomUUID())) {
      const res = await call(route.method, route.url, other.owner.cookie, route.payload, route.headers);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(404);
      expect(errorOf(res).message).toBe(workspaceMessages.notFound);
    }
    // A kit id of another workspace, through the caller's own workspace: not found either.
    expect((await call('PATCH', kitUrl(other.id, kit.id), other.owner.cookie, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('PUT', `${kitUrl(other.id, kit.id)}/default`, other.owner.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', kitUrl(other.id, kit.id), other.owner.cookie)).statusCode).toBe(404);
    expect((await list(t.owner.cookie, t.id)).kits.map((k) => k.name)).toEqual(['Secret']);
  });
});

describe('brand kits: create, change, default, delete', () => {
  it('the first kit becomes the default; make-default switches it; the list shows the default first', async () => {
    const t = await team();
    expect(await list(t.member.cookie, t.id)).toEqual({ kits: [], fonts: [] });
    const first = await createKit(t.member.cookie, t.id, '  First ', { colors: [{ name: 'Accent', hex: ' #ff5500 ' }] });
    expect(first).toMatchObject({
      workspaceId: t.id,
      name: 'First',
      isDefault: true,
      colors: [{ name: 'Accent', hex: '#FF5500' }],
      headingFont: { kind: 'catalog', id: 'montserrat' },
      bodyFont: { kind: 'catalog', id: 'inter' },
      voice: 'Warm and short.',
      avoidWords: ['cheap'],
      logos: { light: null, dark: null },
    });
    const second = await createKit(t.member.cookie, t.id, 'Second');
    expect(second.isDefault).toBe(false);

    const switched = await call('PUT', `${kitUrl(t.id, second.id)}/default`, t.member.cookie);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json<BrandKit>().isDefault).toBe(true);
    const after = await list(t.member.cookie, t.id);
    expect(after.kits.map((k) => [k.name, k.isDefault])).toEqual([
      ['Second', true],
      ['First', false],
    ]);
    // Making the default the default again changes nothing.
    expect((await call('PUT', `${kitUrl(t.id, second.id)}/default`, t.admin.cookie)).json<BrandKit>().isDefault).toBe(true);
    expect((await list(t.owner.cookie, t.id)).kits.filter((k) => k.isDefault)).toHaveLength(1);
  });

  it("a kit needs only its name: no colours, no voice, no words to avoid and the catalogue's default fonts", async () => {
    const t = await team();
    const res = await call('POST', kitsUrl(t.id), t.member.cookie, { name: 'Just a name' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<BrandKit>()).toMatchObject({
      name: 'Just a name',
      isDefault: true,
      colors: [],
      headingFont: { kind: 'catalog', id: DEFAULT_HEADING_FONT },
      bodyFont: { kind: 'catalog', id: DEFAULT_BODY_FONT },
      voice: null,
      avoidWords: [],
    });
  });

  it('PATCH changes only the fields sent; voice can be cleared; any member may edit', async () => {
    const t = await team();
    const kit = await createKit(t.owner.cookie, t.id, 'Edit me');
    const res = await call('PATCH', kitUrl(t.id, kit.id), t.member.cookie, { name: 'Edited', voice: null, avoidWords: [] });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<BrandKit>();
    expect(edited).toMatchObject({ name: 'Edited', voice: null, avoidWords: [], colors: kit.colors, headingFont: kit.headingFont });
    expect(new Date(edited.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(kit.updatedAt).getTime());
    const fonts = await call('PATCH', kitUrl(t.id, kit.id), t.member.cookie, { headingFont: { kind: 'catalog', id: 'oswald' } });
    expect(fonts.json<BrandKit>()).toMatchObject({ name: 'Edited', headingFont: { kind: 'catalog', id: 'oswald' } });
    const missing = await call('PATCH', kitUrl(t.id, randomUUID()), t.member.cookie, { name: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(brandKitMessages.notFound);
  });

  it('deleting is for owners and admins (403 for members); deleting the default makes the oldest other kit the default', async () => {
    const t = await team();
    const a = await createKit(t.owner.cookie, t.id, 'A');
    const b = await createKit(t.owner.cookie, t.id, 'B');
    const c = await createKit(t.owner.cookie, t.id, 'C');
    await call('PUT', `${kitUrl(t.id, c.id)}/default`, t.owner.cookie);

    const refused = await call('DELETE', kitUrl(t.id, c.id), t.member.cookie);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(workspaceMessages.notAllowed);
    expect((await list(t.owner.cookie, t.id)).kits).toHaveLength(3);

    // A non-default kit: the default stays.
    expect((await call('DELETE', kitUrl(t.id, b.id), t.admin.cookie)).statusCode).toBe(204);
    expect((await list(t.owner.cookie, t.id)).kits.map((k) => [k.name, k.isDefault])).toEqual([
      ['C', true],
      ['A', false],
    ]);
    // The default: the oldest other kit (A) takes over.
    await createKit(t.owner.cookie, t.id, 'D');
    expect((await call('DELETE', kitUrl(t.id, c.id), t.owner.cookie)).statusCode).toBe(204);
    expect((await list(t.owner.cookie, t.id)).kits.map((k) => [k.name, k.isDefault])).toEqual([
      ['A', true],
      ['D', false],
    ]);
    // The last kit: none left, and the next one made is the default again.
    for (const k of (await list(t.owner.cookie, t.id)).kits) await call('DELETE', kitUrl(t.id, k.id), t.owner.cookie);
    expect((await list(t.owner.cookie, t.id)).kits).toEqual([]);
    expect((await createKit(t.member.cookie, t.id, 'Fresh')).isDefault).toBe(true);
    expect((await call('DELETE', kitUrl(t.id, a.id), t.owner.cookie)).statusCode).toBe(404);
  });

  it(`keeps at most ${BRAND_KITS_PER_WORKSPACE} kits: the next one is 409 with the limit's message`, async () => {
    const t = await team();
    for (let i = 1; i <= BRAND_KITS_PER_WORKSPACE; i++) await createKit(t.member.cookie, t.id, `Kit ${i}`);
    const res = await call('POST', kitsUrl(t.id), t.member.cookie, kitInput({ name: 'One too many' }));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({ code: 'CONFLICT', message: brandKitMessages.tooManyKits(BRAND_KITS_PER_WORKSPACE) });
    expect((await list(t.owner.cookie, t.id)).kits).toHaveLength(BRAND_KITS_PER_WORKSPACE);
  });

  it('creates at once never make two defaults nor pass the limit', async () => {
    const t = await team();
    const firsts = await Promise.all(
      [1, 2, 3, 4].map((i) => call('POST', kitsUrl(t.id), [t.owner, t.admin, t.member][i % 3]!.cookie, kitInput({ name: `Race ${i}` }))),
    );
    expect(firsts.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(firsts.map((r) => r.json<BrandKit>()).filter((k) => k.isDefault)).toHaveLength(1);

    for (let i = 5; i < BRAND_KITS_PER_WORKSPACE; i++) await createKit(t.owner.cookie, t.id, `Kit ${i}`);
    const last = await Promise.all(
      [1, 2, 3].map((i) => call('POST', kitsUrl(t.id), [t.owner, t.admin, t.member][i - 1]!.cookie, kitInput({ name: `Last ${i}` }))),
    );
    expect(last.map((r) => r.statusCode).sort((a, b) => a - b)).toEqual([201, 409, 409]);
    expect(await kitCount(t.id)).toBe(BRAND_KITS_PER_WORKSPACE);
    expect((await list(t.owner.cookie, t.id)).kits.filter((k) => k.isDefault)).toHaveLength(1);
  });
});

describe('brand kits: field rules', () => {
  const cases: Array<[string, object, string]> = [
    ['an empty name', { name: '   ' }, brandKitMessages.nameRequired],
    ['a name over 60 characters', { name: 'x'.repeat(61) }, brandKitMessages.nameTooLong],
    ['a bad hex code', { colors: [{ name: 'Red', hex: '#12345' }] }, brandKitMessages.colorHexInvalid],
    ['a named colour', { colors: [{ name: 'Red', hex: 'red' }] }, brandKitMessages.colorHexInvalid],
    ['a colour without a name', { colors: [{ name: ' ', hex: '#123456' }] }, brandKitMessages.colorNameRequired],
    ['a colour name over 30 characters', { colors: [{ name: 'c'.repeat(31), hex: '#123456' }] }, brandKitMessages.colorNameTooLong],
    ['9 colours', { colors: Array.from({ length: 9 }, (_, i) => ({ name: `C${i}`, hex: '#123456' })) }, brandKitMessages.tooManyColors],
    ['an unknown catalogue font', { headingFont: { kind: 'catalog', id: 'comic-sans' } }, brandKitMessages.fontChoiceInvalid],
    ['an unknown font kind', { bodyFont: { kind: 'system', id: 'arial' } }, brandKitMessages.fontChoiceInvalid],
    ['an uploaded font that is no id', { bodyFont: { kind: 'uploaded', id: 'inter' } }, brandKitMessages.fontChoiceInvalid],
    ['a voice over 500 characters', { voice: 'v'.repeat(501) }, brandKitMessages.voiceTooLong],
    ['an empty word to avoid', { avoidWords: ['ok', ' '] }, brandKitMessages.avoidWordEmpty],
    ['a word to avoid over 40 characters', { avoidWords: ['w'.repeat(41)] }, brandKitMessages.avoidWordTooLong],
    ['31 words to avoid', { avoidWords: Array.from({ length: 31 }, (_, i) => `word${i}`) }, brandKitMessages.tooManyAvoidWords],
  ];

  let shared: { t: BrandTeam; kit: BrandKit } | undefined;
  const sharedTeam = async () => {
    if (!shared) {
      const t = await team();
      shared = { t, kit: await createKit(t.member.cookie, t.id, 'Valid') };
    }
    return shared;
  };

  it.each(cases)('refuses %s with its message (create and edit), storing nothing', async (_, changes, message) => {
    const { t, kit } = await sharedTeam();
    const created = await call('POST', kitsUrl(t.id), t.member.cookie, { ...kitInput(), ...changes });
    expect(created.statusCode, created.body).toBe(400);
    expect(errorOf(created).message).toBe(message);
    expect((await list(t.member.cookie, t.id)).kits).toEqual([kit]);
    const edited = await call('PATCH', kitUrl(t.id, kit.id), t.member.cookie, changes);
    expect(edited.statusCode, edited.body).toBe(400);
    expect(errorOf(edited).message).toBe(message);
    expect((await list(t.member.cookie, t.id)).kits).toEqual([kit]);
  });

  it("refuses an uploaded font of another workspace (or one that does not exist) as fontChoiceInvalid; the workspace's own is fine", async () => {
    const t = await team();
    const other = await team();
    const foreign = await insertFont(db(), {
      id: randomUUID(),
      workspaceId: other.id,
      family: 'Other',
      fileName: 'other.ttf',
      format: 'ttf',
      storageKey: `brand-kits/${other.id}/fonts/x.ttf`,
      byteSize: 10,
    });
    const own = await insertFont(db(), {
      id: randomUUID(),
      workspaceId: t.id,
      family: 'Own',
      fileName: 'own.ttf',
      format: 'ttf',
      storageKey: `brand-kits/${t.id}/fonts/y.ttf`,
      byteSize: 10,
    });
    for (const id of [foreign.id, randomUUID()]) {
      const res = await call('POST', kitsUrl(t.id), t.member.cookie, kitInput({ headingFont: { kind: 'uploaded', id } }));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe(brandKitMessages.fontChoiceInvalid);
    }
    const kit = await createKit(t.member.cookie, t.id, 'Own font', { bodyFont: { kind: 'uploaded', id: own.id } });
    expect(kit.bodyFont).toEqual({ kind: 'uploaded', id: own.id });
    const edit = await call('PATCH', kitUrl(t.id, kit.id), t.member.cookie, { headingFont: { kind: 'uploaded', id: foreign.id } });
    expect(edit.statusCode).toBe(400);
    expect(errorOf(edit).message).toBe(brandKitMessages.fontChoiceInvalid);
  });

  it('an unknown logo variant is 400 with its message', async () => {
    const { t, kit } = await sharedTeam();
    const body = multipartBody('file', 'logo.png', 'image/png', await pngImage(20, 20));
    const res = await call('POST', `${kitUrl(t.id, kit.id)}/logos/medium`, t.member.cookie, body.payload, body.headers);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(brandKitMessages.logoVariantInvalid);
  });
});
