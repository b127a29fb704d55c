import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, person, type Person } from '#test-support/klip-people.ts';
import { storedKlip } from '#test-support/stored-klip.ts';
import { createTestContext, type TestContext } from '#test-support/test-app.ts';
import { waitFor } from '#test-support/wait-for.ts';
import { addMember, createTeam, selectWorkspace } from '#test-support/workspaces.ts';
import type { GenerationJob } from '#contracts/generation.ts';
import type { KlipCard, KlipPage } from '#contracts/klips.ts';
import { aiModels, klips, userProfiles, workspaces } from '../../db/schema/index.ts';
import { bookOnce } from '../credits/ledger.ts';
import { personalWorkspaceId } from '../workspaces/personal-repo.ts';

// postgres-pass: same

// A team's klips form one library its members share; in public the team is credited.

let ctx: TestContext;
let ada: Person;
let bo: Person;
let stranger: Person;
let teamId: string;

const TEAM_NAME = 'Studio Nord';

beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: false });
  [ada, bo, stranger] = await Promise.all([
    person(ctx, 'ada@example.com'),
    person(ctx, 'bo@example.com'),
    person(ctx, 'stranger@example.com'),
  ]);
  teamId = await createTeam(ctx.database.db, ada.id, TEAM_NAME);
  await addMember(ctx.database.db, teamId, bo.id, 'member');
  await bookOnce(ctx.database.db, {
    workspaceId: teamId,
    userId: ada.id,
    amount: 10,
    type: 'grant',
    reference: `test-team-grant:${teamId}`,
  });
  await selectWorkspace(ctx.database.db, ada.id, teamId);
  await selectWorkspace(ctx.database.db, bo.id, teamId);
});
afterAll(async () => {
  await ctx.close();
});

async function displayName(userId: string): Promise<string> {
  const [row] = await ctx.database.db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
  return row!.displayName;
}

const mine = async (who: Person) => (await callAs(ctx, who)('GET', '/api/klips/mine?type=all')).json<KlipPage>().klips;

describe('a team library', () => {
  it('shows a member what another member made there, not in their personal library; non-members get 404 until it is public, then see the team', async () => {
    const [model] = await ctx.database.db.select().from(aiModels).where(eq(aiModels.slug, 'flux-1.1-pro-ultra'));
    const started = await callAs(ctx, ada)('POST', '/api/generations', {
      modelType: 'standard',
      modelId: model!.id,
      prompt: 'a team lamp',
    });
    expect(started.statusCode).toBe(202);
    const job = await waitFor(
      async () => {
        const j = (await callAs(ctx, ada)('GET', `/api/generations/${started.json<GenerationJob>().id}`)).json<GenerationJob>();
        return j.status === 'succeeded' || j.status === 'failed' ? j : undefined;
      },
      { timeoutMs: 20_000, message: 'the team generation to finish' },
    );
    expect(job.status).toBe('succeeded');
    const klipId = job.klip!.id;
    const [row] = await ctx.database.db.select().from(klips).where(eq(klips.id, klipId));
    expect(row).toMatchObject({ workspaceId: teamId, userId: ada.id });

    // Bo, working in the team, sees it with who made it; the team is its creator.
    const card = (await mine(bo)).find((k) => k.id === klipId);
    expect(card).toBeDefined();
    expect(card!.madeBy).toEqual({ id: ada.id, displayName: await displayName(ada.id) });
    expect(card!.creator).toEqual({ id: teamId, displayName: TEAM_NAME, avatarUrl: null });
    expect(card).toMatchObject({ isOwner: true, canEdit: true });
    expect((await callAs(ctx, bo)('GET', '/api/klips/mine/stats')).json()).toMatchObject({ imagesCreated: 1, creditsUsed: 1 });
    expect((await callAs(ctx, ada)('GET', '/api/credits/balance')).json()).toEqual({ credits: 9 });

    // In his personal workspace it is not in his library, but he still may read and edit it (a member).
    await selectWorkspace(ctx.database.db, bo.id, await personalWorkspaceId(ctx.database.db, bo.id));
    expect((await mine(bo)).map((k) => k.id)).not.toContain(klipId);
    const fromPersonal = await callAs(ctx, bo)('GET', `/api/klips/${klipId}`);
    expect(fromPersonal.statusCode).toBe(200);
    expect(fromPersonal.json<KlipCard>()).toMatchObject({ isOwner: false, canEdit: true, madeBy: { id: ada.id } });

    // Someone outside the team: not found, downloads included, and no edits.
    expect((await callAs(ctx, stranger)('GET', `/api/klips/${klipId}`)).statusCode).toBe(404);
    expect((await callAs(ctx, stranger)('GET', `/api/klips/${klipId}/download`)).statusCode).toBe(404);
    expect((await callAs(ctx, stranger)('PUT', `/api/klips/${klipId}/visibility`, { isPublic: true })).statusCode).toBe(404);
    expect((await callAs(ctx, null)('GET', `/api/klips/${klipId}`)).statusCode).toBe(404);

    // A member makes it public: the collection credits the team, and tells outsiders nothing of its maker.
    expect((await callAs(ctx, bo)('PUT', `/api/klips/${klipId}/visibility`, { isPublic: true })).statusCode).toBe(200);
    for (const viewer of [stranger, null]) {
      const collection = (await callAs(ctx, viewer)('GET', '/api/collections?sort=latest')).json<KlipPage>();
      const publicCard = collection.klips.find((k) => k.id === klipId);
      expect(publicCard).toBeDefined();
      expect(publicCard!.creator).toEqual({ id: teamId, displayName: TEAM_NAME, avatarUrl: null });
      expect(publicCard).toMatchObject({ madeBy: null, isOwner: false, canEdit: false });
    }
    expect((await callAs(ctx, stranger)('GET', `/api/klips/${klipId}`)).json<KlipCard>().creator.displayName).toBe(TEAM_NAME);
  });

  it("shows the team's avatar as its klips' creator, and a personal klip's maker as before", async () => {
    const avatarKey = `workspaces/${teamId}/avatar.webp`;
    await ctx.database.db.update(workspaces).set({ avatarKey }).where(eq(workspaces.id, teamId));
    const teamKlip = await storedKlip(ctx, bo.id, { workspaceId: teamId, isPublic: true, prompt: 'team avatar klip' });
    const personalKlip = await storedKlip(ctx, bo.id, { isPublic: true, prompt: 'personal klip' });

    const teamCard = (await callAs(ctx, null)('GET', `/api/klips/${teamKlip.id}`)).json<KlipCard>();
    expect(teamCard.creator.id).toBe(teamId);
    expect(teamCard.creator.avatarUrl).toContain(avatarKey);
    expect(teamCard.creator.avatarUrl).toMatch(/\?v=\d+$/);

    const personalCard = (await callAs(ctx, stranger)('GET', `/api/klips/${personalKlip.id}`)).json<KlipCard>();
    expect(personalCard.creator).toMatchObject({ id: bo.id, displayName: await displayName(bo.id) });
    // Personal klips never name a maker apart from their creator.
    expect(personalCard.madeBy).toBeNull();
    expect((await callAs(ctx, bo)('GET', `/api/klips/${personalKlip.id}`)).json<KlipCard>().madeBy).toBeNull();
  });
});
