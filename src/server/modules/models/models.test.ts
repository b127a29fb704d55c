import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, verifiedUser } from '#test-support/session.ts';
import { addMember, createTeam, selectWorkspace } from '#test-support/workspaces.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { aiModels, trainedModelAttributes, trainedModels, users } from '../../db/schema/index.ts';
import { makeSuperAdmin } from '../admin/bootstrap.ts';
import { personalWorkspaceId } from '../workspaces/personal-repo.ts';
import type { TrainedModel } from '#contracts/models.ts';

// postgres-pass: same

let ctx: TestContext;
let owner: string;
let stranger: string;
let admin: string;
let privateModelId: string;

beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: false, workers: false });
  owner = await verifiedUser(ctx, 'owner@example.com');
  stranger = await verifiedUser(ctx, 'stranger@example.com');
  await makeSuperAdmin(ctx.database.db, 'admin@example.com', 'admin password', (u) => ctx.services.account.setUp(u));
  admin = (await signIn(ctx, 'admin@example.com', 'admin password')).cookie;
  const [ownerRow] = await ctx.database.db.select().from(users).where(eq(users.email, 'owner@example.com'));
  const [model] = await ctx.database.db
    .insert(trainedModels)
    .values({
      ownerId: ownerRow!.id,
      workspaceId: await personalWorkspaceId(ctx.database.db, ownerRow!.id),
      name: 'Owner Private Style',
      type: 'style',
      baseModel: 'flux-pro-1.1-ultra',
      triggerWord: 'OWNSTYLE',
      isPublic: false,
    })
    .returning();
  privateModelId = model!.id;
  await ctx.database.db.insert(trainedModelAttributes).values({ modelId: privateModelId, name: 'finetune_id', value: 'secret-finetune' });
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, cookie: string) => ctx.app.server.inject({ method: 'GET', url, headers: { cookie } });
const toggle = (id: string, cookie: string, isPublic: boolean) =>
  ctx.app.server.inject({
    method: 'PATCH',
    url: `/api/models/trained/${id}/visibility`,
    headers: { ...SAME_ORIGIN, cookie },
    payload: { isPublic },
  });

describe('standard models', () => {
  it('lists the active built-in models with their Klipt names, in order', async () => {
    const res = await get('/api/models/standard', owner);
    expect(res.json().models.map((m: { displayName: string }) => m.displayName)).toEqual([
      'Klipt Ultra 1.1',
      'Klipt AI Editor',
      'KliptFit',
    ]);
    await ctx.database.db.update(aiModels).set({ isActive: false }).where(eq(aiModels.slug, 'segfit-v1.1'));
    try {
      expect((await get('/api/models/standard', owner)).json().models).toHaveLength(2);
    } finally {
      await ctx.database.db.update(aiModels).set({ isActive: true }).where(eq(aiModels.slug, 'segfit-v1.1'));
    }
  });
});

describe('trained models', () => {
  it('shows public models and your own, never the provider finetune id', async () => {
    const mine = (await get('/api/models/trained', owner)).json().models as TrainedModel[];
    expect(mine.map((m) => m.name)).toContain('Owner Private Style');
    expect(mine.find((m) => m.name === 'Owner Private Style')).toMatchObject({ canEdit: true, isPublic: false });
    expect(JSON.stringify(mine)).not.toContain('secret-finetune');
    const theirs = (await get('/api/models/trained', stranger)).json().models as TrainedModel[];
    expect(theirs.map((m) => m.name)).not.toContain('Owner Private Style');
    expect(theirs.length).toBeGreaterThanOrEqual(4);
    expect(theirs.every((m) => m.isPublic && !m.canEdit)).toBe(true);
  });

  it('filters by type, public only and search', async () => {
    const style = (await get('/api/models/trained?type=style', owner)).json().models as TrainedModel[];
    expect(style.every((m) => m.type === 'style')).toBe(true);
    const publicOnly = (await get('/api/models/trained?publicOnly=true', owner)).json().models as TrainedModel[];
    expect(publicOnly.map((m) => m.name)).not.toContain('Owner Private Style');
    const search = (await get('/api/models/trained?search=aursk', owner)).json().models as TrainedModel[];
    expect(search.map((m) => m.name)).toEqual(['Aurora Skincare']);
    expect((await get('/api/models/trained?type=robot', owner)).statusCode).toBe(400);
  });

  it('lets only the owner or a super admin change visibility', async () => {
    expect((await toggle(privateModelId, stranger, true)).statusCode).toBe(404);
    const platform = ((await get('/api/models/trained', stranger)).json().models as TrainedModel[])[0]!;
    const refused = await toggle(platform.id, stranger, false);
    expect(refused.statusCode).toBe(403);
    expect((await toggle(privateModelId, owner, true)).json()).toMatchObject({ isPublic: true });
    expect(((await get('/api/models/trained', stranger)).json().models as TrainedModel[]).map((m) => m.name)).toContain(
      'Owner Private Style',
    );
    expect((await toggle(privateModelId, admin, false)).json()).toMatchObject({ isPublic: false });
    expect((await toggle('not-a-uuid', owner, true)).statusCode).toBe(400);
  });
});

const names = async (cookie: string) => ((await get('/api/models/trained', cookie)).json().models as TrainedModel[]).map((m) => m.name);

describe("a team's trained models", () => {
  it('are listed for its members while they work in the team, and usable and editable by them only', async () => {
    const db = ctx.database.db;
    const [ownerRow] = await db.select().from(users).where(eq(users.email, 'owner@example.com'));
    const [strangerRow] = await db.select().from(users).where(eq(users.email, 'stranger@example.com'));
    const teamId = await createTeam(db, strangerRow!.id, 'Model Team');
    await addMember(db, teamId, ownerRow!.id, 'member');
    const [teamModel] = await db
      .insert(trainedModels)
      .values({ workspaceId: teamId, name: 'Team Only Style', type: 'style', baseModel: 'flux-pro-1.1-ultra', isPublic: false })
      .returning();
    await db.insert(trainedModelAttributes).values({ modelId: teamModel!.id, name: 'finetune_id', value: 'team-finetune' });

    // Working in their personal workspaces: the team's model is not in their lists.
    expect(await names(owner)).not.toContain('Team Only Style');
    expect(await names(owner)).toContain('Owner Private Style');
    await selectWorkspace(db, ownerRow!.id, teamId);
    const inTeam = await names(owner);
    expect(inTeam).toContain('Team Only Style');
    // A personal model belongs to the personal workspace: not offered while working in the team.
    expect(inTeam).not.toContain('Owner Private Style');
    expect((await toggle(teamModel!.id, owner, true)).json()).toMatchObject({ isPublic: true });
    expect((await toggle(teamModel!.id, owner, false)).json()).toMatchObject({ isPublic: false });
    // Someone outside the team: not found.
    const outsider = await verifiedUser(ctx, 'outsider@example.com');
    expect(await names(outsider)).not.toContain('Team Only Style');
    expect((await toggle(teamModel!.id, outsider, true)).statusCode).toBe(404);
    await selectWorkspace(db, ownerRow!.id, await personalWorkspaceId(db, ownerRow!.id));
  });
});

const generate = (cookie: string, modelId: string) =>
  ctx.app.server.inject({
    method: 'POST',
    url: '/api/generations',
    headers: { ...SAME_ORIGIN, cookie },
    payload: { modelType: 'trained', modelId, prompt: 'OWNSTYLE candle on a shelf' },
  });

describe('generating with a private trained model (docs/product-rules.md#screens-and-access)', () => {
  it('works for its owner and for super admins, and the image is made', async () => {
    const accepted: Array<{ cookie: string; id: string }> = [];
    for (const cookie of [owner, admin]) {
      const res = await generate(cookie, privateModelId);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toMatchObject({ status: 'queued', modelName: 'Owner Private Style' });
      accepted.push({ cookie, id: res.json().id });
    }
    expect(await ctx.runQueued(['generate-image'])).toBe(2);
    for (const { cookie, id } of accepted) {
      expect((await get(`/api/generations/${id}`, cookie)).json()).toMatchObject({
        status: 'succeeded',
        klip: { modelName: 'Owner Private Style' },
      });
    }
  });

  it('is not found for anyone else, and costs them nothing', async () => {
    const before = (await get('/api/me', stranger)).json().credits;
    const res = await generate(stranger, privateModelId);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Selected trained model not found');
    expect((await get('/api/me', stranger)).json().credits).toBe(before);
  });

  it('every model a list offers can be used by whoever sees the list', async () => {
    for (const cookie of [owner, stranger, admin]) {
      const listed = (await get('/api/models/trained', cookie)).json().models as TrainedModel[];
      for (const model of listed) expect((await generate(cookie, model.id)).statusCode, model.name).toBe(202);
    }
  });
});
