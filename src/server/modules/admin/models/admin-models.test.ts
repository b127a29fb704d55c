import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, userIdOf, verifiedUser } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { adminModelMessages } from '#contracts/admin-models.ts';
import { generationMessages } from '#contracts/generation.ts';
import type { StandardModel } from '#contracts/models.ts';
import { activityLog, aiModels, trainedModels } from '#server/db/schema/index.ts';
import { makeSuperAdmin } from '../bootstrap.ts';
import { personalWorkspaceId } from '../../workspaces/personal-repo.ts';

// postgres-pass: same

let ctx: TestContext;
let adminCookie: string;
let adminId: string;
let userCookie: string;
let ultraId: string;

beforeAll(async () => {
  ctx = await createTestContext({ workers: false, rateLimits: false });
  adminId = (await makeSuperAdmin(ctx.database.db, 'root@example.com', 'root password', (u) => ctx.services.account.setUp(u))).userId;
  adminCookie = (await signIn(ctx, 'root@example.com', 'root password')).cookie;
  userCookie = await verifiedUser(ctx, 'seller@example.com');
  const [ultra] = await ctx.database.db.select().from(aiModels).where(eq(aiModels.slug, 'flux-1.1-pro-ultra'));
  ultraId = ultra!.id;
});
afterAll(async () => {
  await ctx?.close();
});

const call = (method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, cookie: string | undefined, payload?: object) =>
  ctx.app.server.inject({ method, url, headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });

const adminList = async () => (await call('GET', '/api/admin/models', adminCookie)).json<{ models: StandardModel[] }>().models;
const editorList = async () => (await call('GET', '/api/models/standard', userCookie)).json<{ models: StandardModel[] }>().models;
const setActive = (cookie: string | undefined, id: string, payload: object) =>
  call('PUT', `/api/admin/models/${id}/active`, cookie, payload);
const generate = (modelId: string) =>
  call('POST', '/api/generations', userCookie, { modelType: 'standard', modelId, prompt: 'red sneaker on a beach' });
const credits = async () => (await call('GET', '/api/me', userCookie)).json<{ credits: number }>().credits;

async function activities(type: string) {
  return ctx.database.db.select().from(activityLog).where(eq(activityLog.type, type)).orderBy(desc(activityLog.id));
}

describe('access', () => {
  it('answers visitors 401 and users who are not super admins 403, changing nothing', async () => {
    expect((await call('GET', '/api/admin/models', undefined)).statusCode).toBe(401);
    expect((await setActive(undefined, ultraId, { isActive: false })).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/models', userCookie)).statusCode).toBe(403);
    const res = await setActive(userCookie, ultraId, { isActive: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Only super admins can do this.');
    expect((await editorList()).map((m) => m.id)).toContain(ultraId);
  });
});

describe('standard models', () => {
  it('lists every model in display order, serialized like the editor list', async () => {
    expect(await adminList()).toEqual(await editorList());
    expect((await adminList()).map((m) => m.displayName)).toEqual(['Klipt Ultra 1.1', 'Klipt AI Editor', 'KliptFit']);
  });

  it('turning a model off hides it from the editor and refuses generating with it; turning it on restores both', async () => {
    const before = await credits();
    const off = await setActive(adminCookie, ultraId, { isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: ultraId, displayName: 'Klipt Ultra 1.1', isActive: false });

    expect((await editorList()).map((m) => m.id)).not.toContain(ultraId);
    const admin = await adminList();
    expect(admin.map((m) => m.displayName)).toEqual(['Klipt Ultra 1.1', 'Klipt AI Editor', 'KliptFit']);
    expect(admin.find((m) => m.id === ultraId)?.isActive).toBe(false);
    const refused = await generate(ultraId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(generationMessages.modelNotFound);
    expect(await credits()).toBe(before);

    const [logged] = await activities('model_toggled');
    expect(logged).toMatchObject({ actorId: adminId, details: { modelId: ultraId, isActive: false } });
    // Turning it off again changes nothing and logs nothing.
    expect((await setActive(adminCookie, ultraId, { isActive: false })).json().isActive).toBe(false);
    expect(await activities('model_toggled')).toHaveLength(1);

    const on = await setActive(adminCookie, ultraId, { isActive: true });
    expect(on.json()).toMatchObject({ id: ultraId, isActive: true });
    expect((await editorList()).map((m) => m.id)).toContain(ultraId);
    expect((await generate(ultraId)).statusCode).toBe(202);
    expect((await activities('model_toggled'))[0]).toMatchObject({ details: { modelId: ultraId, isActive: true } });
  });

  it('answers 404 for an unknown model and 400 for a malformed request', async () => {
    const unknown = await setActive(adminCookie, randomUUID(), { isActive: false });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(adminModelMessages.notFound);
    expect((await setActive(adminCookie, 'not-a-uuid', { isActive: false })).statusCode).toBe(400);
    const invalid = await setActive(adminCookie, ultraId, { isActive: 'no' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe(adminModelMessages.activeInvalid);
    expect((await editorList()).map((m) => m.id)).toContain(ultraId);
  });
});

describe('trained model visibility', () => {
  it("logs a super admin changing someone else's model, not an owner changing their own", async () => {
    const sellerId = await userIdOf(ctx, 'seller@example.com');
    const [model] = await ctx.database.db
      .insert(trainedModels)
      .values({
        ownerId: sellerId,
        workspaceId: await personalWorkspaceId(ctx.database.db, sellerId),
        name: 'Seller Style',
        type: 'style',
        baseModel: 'flux-pro-1.1-ultra',
        triggerWord: 'SELLSTYLE',
        isPublic: false,
      })
      .returning();
    const toggle = (cookie: string, isPublic: boolean) =>
      call('PATCH', `/api/models/trained/${model!.id}/visibility`, cookie, { isPublic });

    expect((await toggle(userCookie, true)).json()).toMatchObject({ isPublic: true });
    expect(await activities('trained_model_visibility_changed')).toHaveLength(0);

    expect((await toggle(adminCookie, false)).json()).toMatchObject({ isPublic: false });
    const logged = await activities('trained_model_visibility_changed');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actorId: adminId, details: { modelId: model!.id, name: 'Seller Style', isPublic: false } });
  });
});
