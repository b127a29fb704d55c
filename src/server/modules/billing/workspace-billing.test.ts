import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEventsProcessed, workspacePurchasesOf } from '#test-support/billing.ts';
import { userIdOf, verifiedUser } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { waitFor } from '#test-support/wait-for.ts';
import { billingMessages, type BillingOverview, type CheckoutState } from '#contracts/billing.ts';
import { workspaceMessages, type WorkspaceSummary } from '#contracts/workspaces.ts';
import { eq } from 'drizzle-orm';
import { billingCheckouts, billingInvoices, sandboxSubscriptions, subscriptions, workspaceMembers } from '../../db/schema/index.ts';
import { getBalance } from '../credits/ledger.ts';
import { personalWorkspaceId } from '../workspaces/personal-repo.ts';

// postgres-pass: same

let ctx: TestContext;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  ctx.app.server.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, ...(payload ? { payload } : {}) });

const db = () => ctx.database.db;
const overview = async (cookie: string) => (await call('GET', '/api/billing', cookie)).json<BillingOverview>();
const select = async (cookie: string, workspaceId: string) =>
  expect((await call('PUT', '/api/workspaces/current', cookie, { workspaceId })).statusCode).toBe(200);

async function account(email: string) {
  const cookie = await verifiedUser(ctx, email);
  const id = await userIdOf(ctx, email);
  return { cookie, id, personal: await personalWorkspaceId(db(), id) };
}

async function team(cookie: string, name: string): Promise<string> {
  const res = await call('POST', '/api/workspaces', cookie, { name });
  expect(res.statusCode).toBe(201);
  return res.json<WorkspaceSummary>().id;
}

/** Buys `planId` for the caller's current workspace through the sandbox checkout, fulfilled. */
async function buy(cookie: string, planId = 'growth'): Promise<string> {
  const res = await call('POST', '/api/billing/checkout', cookie, { planId });
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = new URL(res.json<{ url: string }>().url).pathname.split('/').at(-1)!;
  const paid = await call('POST', `/api/billing/sandbox/checkouts/${sessionId}/pay`, cookie);
  expect(paid.statusCode, paid.body).toBe(200);
  await waitFor(() => billingEventsProcessed(ctx), { message: 'the sandbox payment to be fulfilled' });
  return sessionId;
}

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

describe('billing per workspace', () => {
  it('buys for the current workspace: the checkout, the subscription, the invoice and the credits are the team’s', async () => {
    const owner = await account('team-buyer@example.com');
    const teamId = await team(owner.cookie, 'Buyers');
    const personalBefore = await getBalance(db(), owner.personal);

    const sessionId = await buy(owner.cookie, 'growth');
    const [checkout] = await db().select().from(billingCheckouts).where(eq(billingCheckouts.id, sessionId));
    expect(checkout!.workspaceId).toBe(teamId);
    const [sandboxSub] = await db().select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.workspaceId, teamId));
    expect(sandboxSub).toBeDefined();
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.id, sandboxSub!.id));
    expect(sub!.workspaceId).toBe(teamId);
    const [invoice] = await db().select().from(billingInvoices).where(eq(billingInvoices.subscriptionId, sub!.id));
    expect(invoice!.workspaceId).toBe(teamId);

    expect(await getBalance(db(), teamId)).toBe(500);
    expect(await getBalance(db(), owner.personal)).toBe(personalBefore);
    const state = (await call('GET', `/api/billing/checkouts/${sessionId}`, owner.cookie)).json<CheckoutState>();
    expect(state).toMatchObject({ credited: true, balance: 500 });
    expect((await overview(owner.cookie)).subscription).toMatchObject({ planId: 'growth', status: 'active' });
    const summary = (await call('GET', `/api/workspaces/${teamId}`, owner.cookie)).json<WorkspaceSummary>();
    expect(summary).toMatchObject({ plan: 'growth', seats: 3 });

    // The personal workspace has its own plan (none yet) and may buy one: one subscription per workspace.
    await select(owner.cookie, owner.personal);
    expect((await overview(owner.cookie)).subscription).toBeNull();
    await buy(owner.cookie, 'starter');
    expect((await overview(owner.cookie)).subscription).toMatchObject({ planId: 'starter' });
    await select(owner.cookie, teamId);
    const second = await call('POST', '/api/billing/checkout', owner.cookie, { planId: 'pro' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(billingMessages.alreadySubscribed);
  });

  it('lets only the owner buy for a team or manage its plan', async () => {
    const owner = await account('only-owner@example.com');
    const teamId = await team(owner.cookie, 'Owned');
    const admin = await account('not-owner@example.com');
    await db().insert(workspaceMembers).values({ workspaceId: teamId, userId: admin.id, role: 'admin' });
    await select(admin.cookie, teamId);
    const refused = await call('POST', '/api/billing/checkout', admin.cookie, { planId: 'growth' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(workspaceMessages.notAllowed);
    expect((await call('POST', '/api/billing/portal', admin.cookie)).statusCode).toBe(403);
    expect((await call('POST', '/api/billing/sandbox/subscription', admin.cookie, { action: 'renew' })).statusCode).toBe(403);

    // The owner's checkout is not the admin's to follow or pay.
    const res = await call('POST', '/api/billing/checkout', owner.cookie, { planId: 'growth' });
    const sessionId = new URL(res.json<{ url: string }>().url).pathname.split('/').at(-1)!;
    expect((await call('GET', `/api/billing/checkouts/${sessionId}`, admin.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/billing/sandbox/checkouts/${sessionId}/pay`, admin.cookie)).statusCode).toBe(404);
  });

  it('moves a personal subscription to a team the owner owns: the next renewal grants in the team, not the personal ledger', async () => {
    const owner = await account('mover@example.com');
    await buy(owner.cookie, 'growth');
    const personalAfterBuy = await getBalance(db(), owner.personal);
    const teamId = await team(owner.cookie, 'Destination');
    const busyTeam = await team(owner.cookie, 'Busy');
    await buy(owner.cookie, 'starter');
    const stranger = await account('move-stranger@example.com');
    const foreignTeam = await team(stranger.cookie, 'Foreign');
    await select(owner.cookie, owner.personal);

    const toBusy = await call('POST', '/api/billing/subscription/move', owner.cookie, { workspaceId: busyTeam });
    expect(toBusy.statusCode).toBe(409);
    expect(toBusy.json().error.message).toBe(workspaceMessages.targetHasSubscription);
    expect((await call('POST', '/api/billing/subscription/move', owner.cookie, { workspaceId: foreignTeam })).statusCode).toBe(404);
    const toSelf = await call('POST', '/api/billing/subscription/move', owner.cookie, { workspaceId: owner.personal });
    expect(toSelf.json().error.message).toBe(workspaceMessages.subscriptionMoveNotOwner);

    // A plan of a workspace the caller is not in is not theirs to move.
    const fromForeign = await call('POST', '/api/billing/subscription/move', owner.cookie, {
      workspaceId: teamId,
      fromWorkspaceId: foreignTeam,
    });
    expect(fromForeign.statusCode).toBe(404);
    // The team is current while the owner moves their personal plan to it, naming where it comes from.
    await select(owner.cookie, teamId);
    const moved = await call('POST', '/api/billing/subscription/move', owner.cookie, {
      workspaceId: teamId,
      fromWorkspaceId: owner.personal,
    });
    await select(owner.cookie, owner.personal);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<BillingOverview>().subscription).toMatchObject({ planId: 'growth', status: 'active' });
    expect((await overview(owner.cookie)).subscription).toBeNull();
    const nothing = await call('POST', '/api/billing/subscription/move', owner.cookie, { workspaceId: teamId });
    expect(nothing.json().error.message).toBe(workspaceMessages.noSubscriptionToMove);

    await select(owner.cookie, teamId);
    const teamBefore = (await workspacePurchasesOf(ctx, teamId)).length;
    const renewed = await call('POST', '/api/billing/sandbox/subscription', owner.cookie, { action: 'renew' });
    expect(renewed.statusCode, renewed.body).toBe(200);
    await waitFor(() => billingEventsProcessed(ctx), { message: 'the renewal to be fulfilled' });
    const teamRows = await workspacePurchasesOf(ctx, teamId);
    expect(teamRows).toHaveLength(teamBefore + 1);
    expect(teamRows.at(-1)!.amount).toBe(500);
    expect(await getBalance(db(), teamId)).toBe(500);
    expect(await getBalance(db(), owner.personal)).toBe(personalAfterBuy);

    // An admin of both may not move it: ownership of both is required.
    const admin = await account('move-admin@example.com');
    await db().insert(workspaceMembers).values({ workspaceId: teamId, userId: admin.id, role: 'admin' });
    const adminTeam = await team(admin.cookie, 'Admin own');
    await select(admin.cookie, teamId);
    const byAdmin = await call('POST', '/api/billing/subscription/move', admin.cookie, { workspaceId: adminTeam });
    expect(byAdmin.statusCode).toBe(403);
  });
});
