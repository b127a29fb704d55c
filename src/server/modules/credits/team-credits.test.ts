import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { segmindAnswers, startSegmindFake, type SegmindFake } from '#test-fakes/segmind-fake.ts';
import { callAs, person, type Person } from '#test-support/klip-people.ts';
import { createTestContext, type TestContext } from '#test-support/test-app.ts';
import { addMember, createTeam, personalBalance, selectWorkspace } from '#test-support/workspaces.ts';
import type { CreditHistoryPage } from '#contracts/credits-api.ts';
import type { GenerationJob } from '#contracts/generation.ts';
import { aiModels, creditTransactions, generationJobs, userProfiles } from '../../db/schema/index.ts';
import { personalWorkspaceId } from '../workspaces/personal-repo.ts';
import { bookOnce, getBalance } from './ledger.ts';
import { aiWithSegmind } from '#test-support/segmind-ai.ts';

// postgres-pass: concurrency

// A team's members spend one balance: the team's (docs/product-rules.md#workspaces).

const WELCOME = 5;

async function ultraId(ctx: TestContext): Promise<string> {
  const [row] = await ctx.database.db.select().from(aiModels).where(eq(aiModels.slug, 'flux-1.1-pro-ultra'));
  return row!.id;
}

async function displayName(ctx: TestContext, userId: string): Promise<string> {
  const [row] = await ctx.database.db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
  return row!.displayName;
}

/** Gives a workspace credits with a ledger grant (as a plan's credits would arrive). */
async function grant(ctx: TestContext, workspaceId: string, userId: string, amount: number, reference: string) {
  await bookOnce(ctx.database.db, { workspaceId, userId, amount, type: 'grant', reference });
}

describe('a team balance spent by its members at once', () => {
  let ctx: TestContext;
  let members: Person[];
  let teamId: string;

  beforeAll(async () => {
    // No workers: accepted jobs stay waiting or queued, so only the reservations move the balance.
    ctx = await createTestContext({ rateLimits: false, workers: false, env: { WELCOME_CREDITS: String(WELCOME) } });
    members = await Promise.all(['ada@example.com', 'bo@example.com', 'cy@example.com'].map((email) => person(ctx, email)));
    teamId = await createTeam(ctx.database.db, members[0]!.id, 'Racing Team');
    await addMember(ctx.database.db, teamId, members[1]!.id, 'member');
    await addMember(ctx.database.db, teamId, members[2]!.id, 'admin');
    for (const member of members) await selectWorkspace(ctx.database.db, member.id, teamId);
    await grant(ctx, teamId, members[0]!.id, 12, `test-team-grant:${teamId}`);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('accepts exactly 12 of 3 × 10 parallel image requests on 12 team credits, each charge recording its member', async () => {
    expect(await getBalance(ctx.database.db, teamId)).toBe(12);
    const modelId = await ultraId(ctx);
    const requests = members.flatMap((member) =>
      Array.from({ length: 10 }, (_, i) =>
        callAs(ctx, member)('POST', '/api/generations', { modelType: 'standard', modelId, prompt: `team race ${i}` }).then((res) => ({
          member,
          res,
        })),
      ),
    );
    const results = await Promise.all(requests);
    const accepted = results.filter((r) => r.res.statusCode === 202);
    const refused = results.filter((r) => r.res.statusCode === 402);
    expect(accepted).toHaveLength(12);
    expect(refused).toHaveLength(18);
    for (const r of refused) expect(r.res.json().error.code).toBe('INSUFFICIENT_CREDITS');

    expect(await getBalance(ctx.database.db, teamId)).toBe(0);
    // The members' own balances are untouched.
    for (const member of members) expect(await personalBalance(ctx.database.db, member.id)).toBe(WELCOME);

    // Every accepted job is the team's, asked for by the member who sent it.
    const acceptedIds = accepted.map((r) => r.res.json<GenerationJob>().id);
    const jobs = await ctx.database.db.select().from(generationJobs).where(inArray(generationJobs.id, acceptedIds));
    expect(jobs).toHaveLength(12);
    const sender = new Map(accepted.map((r) => [r.res.json<GenerationJob>().id, r.member.id]));
    for (const job of jobs) {
      expect(job.workspaceId).toBe(teamId);
      expect(job.userId).toBe(sender.get(job.id));
    }

    // One usage row per accepted job on the team's ledger, for the member who spent.
    const usage = await ctx.database.db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.workspaceId, teamId), eq(creditTransactions.type, 'usage')));
    expect(usage).toHaveLength(12);
    for (const row of usage) {
      const jobId = row.reference!.replace('generation:', '');
      expect(row.amount).toBe(-1);
      expect(row.userId).toBe(sender.get(jobId));
    }
    const spentBy = (id: string) => usage.filter((row) => row.userId === id).length;
    for (const member of members) expect(spentBy(member.id)).toBe(accepted.filter((r) => r.member.id === member.id).length);

    // /api/credits and /api/me read the current workspace: the team's empty balance for every member.
    for (const member of members) {
      expect((await callAs(ctx, member)('GET', '/api/credits/balance')).json()).toEqual({ credits: 0 });
    }
  });
});

describe('a failed generation of a team', () => {
  let ctx: TestContext;
  let segmind: SegmindFake;
  let owner: Person;
  let member: Person;
  let teamId: string;

  beforeAll(async () => {
    segmind = await startSegmindFake();
    const env = { SEGMIND_API_KEY: segmind.apiKey, SEGMIND_BASE_URL: segmind.url, WELCOME_CREDITS: String(WELCOME) };
    // No workers: the test runs the job by hand after the member has switched workspaces.
    ctx = await createTestContext({
      rateLimits: false,
      workers: false,
      env,
      deps: {
        ai: aiWithSegmind(segmind, env),
      },
    });
    owner = await person(ctx, 'owner@example.com');
    member = await person(ctx, 'member@example.com');
    teamId = await createTeam(ctx.database.db, owner.id, 'Refund Team');
    await addMember(ctx.database.db, teamId, member.id, 'member');
    await selectWorkspace(ctx.database.db, owner.id, teamId);
    await grant(ctx, teamId, owner.id, 3, `test-team-grant:${teamId}`);
  });
  afterAll(async () => {
    await ctx.close();
    await segmind.close();
  });

  it('is refunded to the team that paid though its member works in their personal workspace by then', async () => {
    await selectWorkspace(ctx.database.db, member.id, teamId);
    const res = await callAs(ctx, member)('POST', '/api/generations', {
      modelType: 'standard',
      modelId: await ultraId(ctx),
      prompt: 'doomed',
    });
    expect(res.statusCode).toBe(202);
    const jobId = res.json<GenerationJob>().id;
    expect(await getBalance(ctx.database.db, teamId)).toBe(2);
    expect(await personalBalance(ctx.database.db, member.id)).toBe(WELCOME);

    // The member switches to their personal workspace; then the provider refuses the job.
    const personal = await personalWorkspaceId(ctx.database.db, member.id);
    await selectWorkspace(ctx.database.db, member.id, personal);
    expect((await callAs(ctx, member)('GET', '/api/credits/balance')).json()).toEqual({ credits: WELCOME });
    segmind.enqueue(segmindAnswers.error(400, 'Prompt contains blocked words'));
    await ctx.services.generation.run(jobId);

    const job = (await callAs(ctx, member)('GET', `/api/generations/${jobId}`)).json<GenerationJob>();
    expect(job).toMatchObject({ status: 'failed', refunded: true });
    expect(await getBalance(ctx.database.db, teamId)).toBe(3);
    expect(await personalBalance(ctx.database.db, member.id)).toBe(WELCOME);
    const refunds = await ctx.database.db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.type, 'refund'), eq(creditTransactions.reference, `generation:${jobId}`)));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ workspaceId: teamId, userId: member.id, amount: 1 });

    // The team's history (read by the owner, who works in the team) names the member on both rows.
    const history = (await callAs(ctx, owner)('GET', '/api/credits/history')).json<CreditHistoryPage>();
    expect(history.balance).toBe(3);
    const name = await displayName(ctx, member.id);
    expect(history.entries.find((e) => e.type === 'refund')).toMatchObject({ amount: 1, refunded: false, member: name });
    expect(history.entries.find((e) => e.type === 'usage')).toMatchObject({ amount: -1, refunded: true, member: name });
    expect(history.entries.find((e) => e.type === 'grant')).toMatchObject({ amount: 3, member: await displayName(ctx, owner.id) });
    // The member's personal history has none of it.
    const own = (await callAs(ctx, member)('GET', '/api/credits/history')).json<CreditHistoryPage>();
    expect(own.entries.map((e) => e.type)).toEqual(['grant']);
    expect(own.balance).toBe(WELCOME);
  });
});
