import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlementMessages } from '#contracts/entitlements.ts';
import type { PlanId } from '#contracts/plans.ts';
import { profileMessages } from '#contracts/profile.ts';
import {
  workspaceMessages,
  type InvitationPreview,
  type WorkspaceDetail,
  type WorkspaceInvitation,
  type WorkspaceList,
  type WorkspaceSummary,
} from '#contracts/workspaces.ts';
import { multipartBody, pngImage } from '#test-support/images.ts';
import { readOutbox, waitForEmail } from '#test-support/mailbox.ts';
import { waitFor } from '#test-support/wait-for.ts';
import { userIdOf, verifiedUser } from '#test-support/session.ts';
import { givePlan as givePlanTo } from '#test-support/workspaces.ts';
import { createTestContext, SAME_ORIGIN, TEST_APP_URL, type TestContext } from '#test-support/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { klips, subscriptions, workspaceInvitations, workspaceMembers, workspaces } from '../../db/schema/index.ts';
import { personalWorkspaceId } from './personal-repo.ts';
import { hashInvitationToken } from './tokens.ts';

// postgres-pass: concurrency

let ctx: TestContext;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie: string, payload?: object | Buffer, headers: Record<string, string> = {}) =>
  ctx.app.server.inject({ method, url, headers: { ...SAME_ORIGIN, cookie, ...headers }, ...(payload ? { payload } : {}) });

const db = () => ctx.database.db;

async function account(email: string) {
  const cookie = await verifiedUser(ctx, email);
  return { cookie, id: await userIdOf(ctx, email), email };
}
type Account = Awaited<ReturnType<typeof account>>;

async function createTeam(owner: Account, name: string): Promise<string> {
  const res = await call('POST', '/api/workspaces', owner.cookie, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<WorkspaceSummary>().id;
}

/** The team's plan, as a subscription row the billing would have written. */
const givePlan = (workspaceId: string, userId: string, planId: PlanId) => givePlanTo(db(), workspaceId, userId, planId);

/** Sends an invitation and reads the token out of the email that was queued. */
async function invite(by: Account, workspaceId: string, email: string, role: 'admin' | 'member' = 'member') {
  const res = await call('POST', `/api/workspaces/${workspaceId}/invitations`, by.cookie, { email, role });
  expect(res.statusCode, res.body).toBe(201);
  return { invitation: res.json<WorkspaceInvitation>(), token: await tokenFromEmail(email) };
}

const seenLinks = new Set<string>();
async function tokenFromEmail(email: string): Promise<string> {
  await ctx.runQueued(['send-email']);
  const link = await waitFor(
    async () =>
      (await readOutbox(ctx.outboxDir))
        .filter((m) => m.to.includes(email) && m.subject.includes('invited you'))
        .flatMap((m) => m.links)
        .find((l) => l.startsWith(`${TEST_APP_URL}/invitations/`) && !seenLinks.has(l)),
    { message: `a new invitation link to ${email}` },
  );
  seenLinks.add(link);
  return link.split('/').at(-1)!;
}

async function join(owner: Account, workspaceId: string, member: Account, role: 'admin' | 'member' = 'member') {
  const { token } = await invite(owner, workspaceId, member.email, role);
  const res = await call('POST', `/api/invitations/${token}/accept`, member.cookie);
  expect(res.statusCode, res.body).toBe(200);
}

const detail = async (cookie: string, id: string) => call('GET', `/api/workspaces/${id}`, cookie);
const owners = async (workspaceId: string) =>
  db()
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')));

beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: false });
});

afterAll(async () => {
  await ctx?.close();
});

describe('workspaces and the current one', () => {
  it('lists the personal workspace first; creating a team makes it current, and the choice survives into the next request', async () => {
    const ann = await account('ann@example.com');
    const personal = await personalWorkspaceId(db(), ann.id);
    const before = (await call('GET', '/api/workspaces', ann.cookie)).json<WorkspaceList>();
    expect(before.currentId).toBe(personal);
    expect(before.workspaces).toHaveLength(1);

    const created = await call('POST', '/api/workspaces', ann.cookie, { name: '  Studio Ann ' });
    expect(created.statusCode).toBe(201);
    const team = created.json<WorkspaceSummary>();
    expect(team).toMatchObject({ kind: 'team', name: 'Studio Ann', role: 'owner', plan: null, seats: 1, memberCount: 1 });
    expect(team.entitlements).toEqual({
      teamSharing: false,
      brandKits: false,
      modelTraining: false,
      videoUpgrades: false,
      apiAccess: false,
      storeConnections: false,
    });

    const after = (await call('GET', '/api/workspaces', ann.cookie)).json<WorkspaceList>();
    expect(after.currentId).toBe(team.id);
    expect(after.workspaces.map((w) => w.kind)).toEqual(['personal', 'team']);

    const back = await call('PUT', '/api/workspaces/current', ann.cookie, { workspaceId: personal });
    expect(back.statusCode).toBe(200);
    expect(back.json<WorkspaceSummary>().id).toBe(personal);
    expect((await call('GET', '/api/workspaces', ann.cookie)).json<WorkspaceList>().currentId).toBe(personal);

    // Someone else's team: as if it did not exist.
    const bob = await account('bob-select@example.com');
    const foreign = await call('PUT', '/api/workspaces/current', bob.cookie, { workspaceId: team.id });
    expect(foreign.statusCode).toBe(404);
    expect((await detail(bob.cookie, team.id)).statusCode).toBe(404);
  });

  it('carries the plan, its seats and its entitlements; renames and takes an avatar from owners and admins (not a fake image, not 5 MB)', async () => {
    const owner = await account('plan-owner@example.com');
    const team = await createTeam(owner, 'Planned');
    await givePlan(team, owner.id, 'pro');
    const summary = (await detail(owner.cookie, team)).json<WorkspaceDetail>();
    expect(summary).toMatchObject({ plan: 'pro', seats: 5, memberCount: 1, seatsUsed: 1 });
    expect(summary.entitlements).toMatchObject({ teamSharing: true, modelTraining: true, apiAccess: false });

    const renamed = await call('PATCH', `/api/workspaces/${team}`, owner.cookie, { name: 'Renamed' });
    expect(renamed.json<WorkspaceSummary>().name).toBe('Renamed');

    const upload = multipartBody('file', 'team.png', 'image/png', await pngImage(300, 200));
    const avatar = await call('POST', `/api/workspaces/${team}/avatar`, owner.cookie, upload.payload, upload.headers);
    expect(avatar.statusCode, avatar.body).toBe(200);
    const url = avatar.json<WorkspaceSummary>().avatarUrl!;
    expect(url).toMatch(new RegExp(`^/files/workspace-avatars/${team}/avatar\\.webp\\?v=\\d+$`));
    expect((await ctx.app.server.inject({ method: 'GET', url })).headers['content-type']).toBe('image/webp');
    const fake = multipartBody('file', 'evil.png', 'image/png', Buffer.from('<script>'));
    expect((await call('POST', `/api/workspaces/${team}/avatar`, owner.cookie, fake.payload, fake.headers)).statusCode).toBe(415);
    const big = multipartBody('file', 'big.png', 'image/png', Buffer.concat([await pngImage(32, 32), Buffer.alloc(5 * 1024 * 1024)]));
    const tooBig = await call('POST', `/api/workspaces/${team}/avatar`, owner.cookie, big.payload, big.headers);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json<{ error: { message: string } }>().error.message).toBe(profileMessages.avatarTooLarge);
    // Neither refusal touched the avatar.
    expect((await detail(owner.cookie, team)).json<WorkspaceDetail>().avatarUrl).toBe(url);

    const member = await account('plan-member@example.com');
    await join(owner, team, member);
    expect((await call('PATCH', `/api/workspaces/${team}`, member.cookie, { name: 'Mine' })).statusCode).toBe(403);
  });
});

describe('invitations', () => {
  it('emails a link naming the team and inviter; only the invited, verified address accepts it, once', async () => {
    const owner = await account('inv-owner@example.com');
    const team = await createTeam(owner, 'Acme Team');
    await givePlan(team, owner.id, 'growth');

    const res = await call('POST', `/api/workspaces/${team}/invitations`, owner.cookie, { email: 'Newbie@Example.com', role: 'admin' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<WorkspaceInvitation>()).toMatchObject({ email: 'newbie@example.com', role: 'admin', expired: false });
    await ctx.runQueued(['send-email']);
    const mail = await waitForEmail(ctx.outboxDir, 'newbie@example.com', 'invited you');
    expect(mail.subject).toBe('inv-owner invited you to Acme Team on Klipt');
    expect(mail.text).toContain('Acme Team');
    const link = mail.links.find((l) => l.startsWith(`${TEST_APP_URL}/invitations/`))!;
    seenLinks.add(link);
    const token = link.split('/').at(-1)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const [stored] = await db().select().from(workspaceInvitations).where(eq(workspaceInvitations.email, 'newbie@example.com'));
    expect(stored!.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const preview = await ctx.app.server.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json<InvitationPreview>()).toMatchObject({
      workspaceName: 'Acme Team',
      invitedBy: 'inv-owner',
      email: 'newbie@example.com',
      role: 'admin',
      status: 'open',
      hasAccount: false,
    });

    const stranger = await account('stranger@example.com');
    const wrong = await call('POST', `/api/invitations/${token}/accept`, stranger.cookie);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(workspaceMessages.invitationWrongEmail('newbie@example.com'));

    const newbie = await account('newbie@example.com');
    expect((await ctx.app.server.inject({ method: 'GET', url: `/api/invitations/${token}` })).json<InvitationPreview>().hasAccount).toBe(
      true,
    );
    const accepted = await call('POST', `/api/invitations/${token}/accept`, newbie.cookie);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<WorkspaceSummary>()).toMatchObject({ id: team, role: 'admin', memberCount: 2, plan: 'growth' });
    // Accepting made it the current workspace.
    expect((await call('GET', '/api/workspaces', newbie.cookie)).json<WorkspaceList>().currentId).toBe(team);

    const again = await call('POST', `/api/invitations/${token}/accept`, newbie.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(workspaceMessages.invitationUsed);
    const used = (await ctx.app.server.inject({ method: 'GET', url: `/api/invitations/${token}` })).json<InvitationPreview>();
    expect(used.status).toBe('accepted');

    const dup = await call('POST', `/api/workspaces/${team}/invitations`, owner.cookie, { email: 'newbie@example.com', role: 'member' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(workspaceMessages.alreadyMember);
    const unknown = await ctx.app.server.inject({ method: 'GET', url: `/api/invitations/${'x'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
  });

  it('re-sending kills the old link and revoking kills the new one; an expired link is refused', async () => {
    const owner = await account('resend-owner@example.com');
    const team = await createTeam(owner, 'Resenders');
    await givePlan(team, owner.id, 'pro');
    const guest = await account('guest@example.com');
    const { invitation, token: first } = await invite(owner, team, guest.email);

    const dupe = await call('POST', `/api/workspaces/${team}/invitations`, owner.cookie, { email: guest.email, role: 'member' });
    expect(dupe.json().error.message).toBe(workspaceMessages.alreadyInvited);

    const resent = await call('POST', `/api/workspaces/${team}/invitations/${invitation.id}/resend`, owner.cookie);
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await tokenFromEmail(guest.email);
    expect(second).not.toBe(first);
    expect((await call('POST', `/api/invitations/${first}/accept`, guest.cookie)).statusCode).toBe(404);

    const revoked = await call('DELETE', `/api/workspaces/${team}/invitations/${invitation.id}`, owner.cookie);
    expect(revoked.statusCode).toBe(204);
    const dead = await call('POST', `/api/invitations/${second}/accept`, guest.cookie);
    expect(dead.statusCode).toBe(404);
    expect(dead.json().error.message).toBe(workspaceMessages.invitationRevoked);
    expect((await detail(owner.cookie, team)).json<WorkspaceDetail>().invitations).toEqual([]);

    const { invitation: later, token: third } = await invite(owner, team, guest.email);
    await db()
      .update(workspaceInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvitations.id, later.id));
    const expired = await call('POST', `/api/invitations/${third}/accept`, guest.cookie);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error.message).toBe(workspaceMessages.invitationExpired);
    const listed = (await detail(owner.cookie, team)).json<WorkspaceDetail>();
    expect(listed.invitations).toMatchObject([{ id: later.id, expired: true }]);
    expect(listed.seatsUsed).toBe(1);
  });

  it('re-checks membership when accepting: someone who joined meanwhile gets alreadyMember, and the invitation stays open', async () => {
    const owner = await account('twice-owner@example.com');
    const team = await createTeam(owner, 'Twice');
    await givePlan(team, owner.id, 'growth');
    const joiner = await account('twice@example.com');
    const { invitation, token } = await invite(owner, team, joiner.email);
    await db().insert(workspaceMembers).values({ workspaceId: team, userId: joiner.id, role: 'member' });
    const res = await call('POST', `/api/invitations/${token}/accept`, joiner.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(workspaceMessages.alreadyMember);
    const [row] = await db().select().from(workspaceInvitations).where(eq(workspaceInvitations.id, invitation.id));
    expect(row!.acceptedAt).toBeNull();
  });

  it('counts members and open invitations against the seats: Growth has 3, the fourth is refused', async () => {
    const owner = await account('seats-owner@example.com');
    const team = await createTeam(owner, 'Seats');
    const sub = await givePlan(team, owner.id, 'growth');
    const two = await account('seat-two@example.com');
    await join(owner, team, two);
    await invite(owner, team, 'seat-three@example.com');

    const full = await call('POST', `/api/workspaces/${team}/invitations`, owner.cookie, {
      email: 'seat-four@example.com',
      role: 'member',
    });
    expect(full.statusCode).toBe(403);
    expect(full.json().error).toEqual({ code: 'SEAT_LIMIT', message: entitlementMessages.seatLimit(3), plan: 'pro' });

    // A downgrade removes nobody, but invitations wait until the team is under the limit.
    await db().update(subscriptions).set({ planId: 'growth' }).where(eq(subscriptions.id, sub));
    const pro = await account('pro-owner@example.com');
    const big = await createTeam(pro, 'Big');
    const bigSub = await givePlan(big, pro.id, 'pro');
    for (const name of ['b1', 'b2', 'b3']) await join(pro, big, await account(`${name}@example.com`));
    await db().update(subscriptions).set({ planId: 'growth' }).where(eq(subscriptions.id, bigSub));
    const over = (await detail(pro.cookie, big)).json<WorkspaceDetail>();
    expect(over).toMatchObject({ plan: 'growth', seats: 3, memberCount: 4 });
    const refused = await call('POST', `/api/workspaces/${big}/invitations`, pro.cookie, { email: 'b4@example.com', role: 'member' });
    expect(refused.json().error.code).toBe('SEAT_LIMIT');
    const b3 = await userIdOf(ctx, 'b3@example.com');
    expect((await call('DELETE', `/api/workspaces/${big}/members/${b3}`, pro.cookie)).statusCode).toBe(204);
    expect(
      (await call('POST', `/api/workspaces/${big}/invitations`, pro.cookie, { email: 'b4@example.com', role: 'member' })).json().error.code,
    ).toBe('SEAT_LIMIT');
    const b2 = await userIdOf(ctx, 'b2@example.com');
    expect((await call('DELETE', `/api/workspaces/${big}/members/${b2}`, pro.cookie)).statusCode).toBe(204);
    expect(
      (await call('POST', `/api/workspaces/${big}/invitations`, pro.cookie, { email: 'b4@example.com', role: 'member' })).statusCode,
    ).toBe(201);
  });

  it('needs Growth for team sharing (no plan, Starter) and refuses personal workspaces', async () => {
    const owner = await account('starter-owner@example.com');
    const team = await createTeam(owner, 'Starter team');
    const noPlan = await call('POST', `/api/workspaces/${team}/invitations`, owner.cookie, { email: 'x@example.com', role: 'member' });
    expect(noPlan.statusCode).toBe(403);
    expect(noPlan.json().error).toMatchObject({ code: 'PLAN_REQUIRED', plan: 'growth' });
    await givePlan(team, owner.id, 'starter');
    const starter = await call('POST', `/api/workspaces/${team}/invitations`, owner.cookie, { email: 'x@example.com', role: 'member' });
    expect(starter.json().error).toMatchObject({ code: 'PLAN_REQUIRED', plan: 'growth' });

    const personal = await personalWorkspaceId(db(), owner.id);
    await givePlan(personal, owner.id, 'growth');
    const own = await call('POST', `/api/workspaces/${personal}/invitations`, owner.cookie, { email: 'x@example.com', role: 'member' });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(workspaceMessages.personalWorkspace);
  });
  it('keeps a lapsed team and its members but locks its features: past due still entitles, canceled does not', async () => {
    const owner = await account('lapse-owner@example.com');
    const team = await createTeam(owner, 'Lapsing');
    const sub = await givePlan(team, owner.id, 'growth');
    const member = await account('lapse-member@example.com');
    await join(owner, team, member);
    const inviteOne = (email: string) => call('POST', `/api/workspaces/${team}/invitations`, owner.cookie, { email, role: 'member' });

    await db().update(subscriptions).set({ status: 'past_due' }).where(eq(subscriptions.id, sub));
    expect((await inviteOne('during-grace@example.com')).statusCode).toBe(201);

    await db().update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.id, sub));
    const locked = await inviteOne('after-lapse@example.com');
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error).toMatchObject({ code: 'PLAN_REQUIRED', plan: 'growth' });
    // Nothing is taken away: the team, its members and the open invitation stay; the member still gets in.
    const kept = (await detail(member.cookie, team)).json<WorkspaceDetail>();
    expect(kept).toMatchObject({ plan: null, memberCount: 2, entitlements: { teamSharing: false } });
    expect(kept.invitations.map((i) => i.email)).toEqual(['during-grace@example.com']);
  });
});

describe('roles, removal and leaving', () => {
  it('lets admins manage members but never the owner; members cannot invite', async () => {
    const owner = await account('roles-owner@example.com');
    const team = await createTeam(owner, 'Roles');
    await givePlan(team, owner.id, 'pro');
    const admin = await account('roles-admin@example.com');
    const member = await account('roles-member@example.com');
    await join(owner, team, admin, 'admin');
    await join(owner, team, member);

    const memberInvites = await call('POST', `/api/workspaces/${team}/invitations`, member.cookie, {
      email: 'y@example.com',
      role: 'member',
    });
    expect(memberInvites.statusCode).toBe(403);
    expect(memberInvites.json().error.message).toBe(workspaceMessages.notAllowed);

    const demoteOwner = await call('PATCH', `/api/workspaces/${team}/members/${owner.id}`, admin.cookie, { role: 'member' });
    expect(demoteOwner.statusCode).toBe(403);
    const removeOwner = await call('DELETE', `/api/workspaces/${team}/members/${owner.id}`, admin.cookie);
    expect(removeOwner.statusCode).toBe(403);
    const asOwner = await call('PATCH', `/api/workspaces/${team}/members/${member.id}`, admin.cookie, { role: 'owner' });
    expect(asOwner.statusCode).toBe(400);

    const promoted = await call('PATCH', `/api/workspaces/${team}/members/${member.id}`, admin.cookie, { role: 'admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toMatchObject({ userId: member.id, role: 'admin', email: member.email });
    const byMember = await call('PATCH', `/api/workspaces/${team}/members/${admin.id}`, member.cookie, { role: 'member' });
    expect(byMember.statusCode).toBe(200);
    const nowMember = await call('PATCH', `/api/workspaces/${team}/members/${member.id}`, admin.cookie, { role: 'member' });
    expect(nowMember.statusCode).toBe(403);
    expect((await call('PATCH', `/api/workspaces/${team}/members/nobody`, owner.cookie, { role: 'member' })).statusCode).toBe(404);
  });

  it('removes a member at once: their next request gets 404, they fall back to their personal workspace, and their klips stay', async () => {
    const owner = await account('rm-owner@example.com');
    const team = await createTeam(owner, 'Removal');
    await givePlan(team, owner.id, 'growth');
    const leaver = await account('rm-member@example.com');
    await join(owner, team, leaver);
    expect((await detail(leaver.cookie, team)).statusCode).toBe(200);
    const [klip] = await db()
      .insert(klips)
      .values({
        userId: leaver.id,
        workspaceId: team,
        klipType: 'image',
        mediaKey: 'klips/team/made.webp',
        mimeType: 'image/webp',
        prompt: 'made in the team',
        modelName: 'test',
        source: 'local',
      })
      .returning({ id: klips.id });

    expect((await call('DELETE', `/api/workspaces/${team}/members/${leaver.id}`, owner.cookie)).statusCode).toBe(204);
    expect((await detail(leaver.cookie, team)).statusCode).toBe(404);
    const list = (await call('GET', '/api/workspaces', leaver.cookie)).json<WorkspaceList>();
    expect(list.currentId).toBe(await personalWorkspaceId(db(), leaver.id));
    expect(list.workspaces.map((w) => w.id)).not.toContain(team);
    const [row] = await db().select({ workspaceId: klips.workspaceId, userId: klips.userId }).from(klips).where(eq(klips.id, klip!.id));
    expect(row).toEqual({ workspaceId: team, userId: leaver.id });
  });

  it('lets any member but the owner leave', async () => {
    const owner = await account('leave-owner@example.com');
    const team = await createTeam(owner, 'Leaving');
    await givePlan(team, owner.id, 'growth');
    const member = await account('leave-member@example.com');
    await join(owner, team, member);
    const ownerLeaves = await call('DELETE', `/api/workspaces/${team}/members/${owner.id}`, owner.cookie);
    expect(ownerLeaves.statusCode).toBe(403);
    expect(ownerLeaves.json().error.message).toBe(workspaceMessages.ownerCannotLeave);
    expect((await call('DELETE', `/api/workspaces/${team}/members/${member.id}`, member.cookie)).statusCode).toBe(204);
    expect((await detail(member.cookie, team)).statusCode).toBe(404);
    const personal = await personalWorkspaceId(db(), member.id);
    const own = await call('DELETE', `/api/workspaces/${personal}/members/${member.id}`, member.cookie);
    expect(own.json().error.message).toBe(workspaceMessages.personalWorkspace);
  });
});

describe('ownership', () => {
  it('hands the team over: the old owner becomes an admin', async () => {
    const owner = await account('tr-owner@example.com');
    const team = await createTeam(owner, 'Transfer');
    await givePlan(team, owner.id, 'growth');
    const heir = await account('tr-heir@example.com');
    await join(owner, team, heir);
    const stranger = await account('tr-stranger@example.com');
    const notMember = await call('POST', `/api/workspaces/${team}/transfer`, owner.cookie, { userId: stranger.id });
    expect(notMember.statusCode).toBe(409);
    expect(notMember.json().error.message).toBe(workspaceMessages.newOwnerNotMember);
    expect((await call('POST', `/api/workspaces/${team}/transfer`, heir.cookie, { userId: heir.id })).statusCode).toBe(403);

    const moved = await call('POST', `/api/workspaces/${team}/transfer`, owner.cookie, { userId: heir.id });
    expect(moved.statusCode, moved.body).toBe(200);
    const roles = Object.fromEntries(moved.json<WorkspaceDetail>().members.map((m) => [m.userId, m.role]));
    expect(roles).toEqual({ [heir.id]: 'owner', [owner.id]: 'admin' });
    expect((await call('POST', `/api/workspaces/${team}/transfer`, owner.cookie, { userId: heir.id })).statusCode).toBe(403);
  });

  it('keeps exactly one owner when transfers race, and when the new owner leaves as it is handed over', async () => {
    const owner = await account('race-owner@example.com');
    const team = await createTeam(owner, 'Race');
    await givePlan(team, owner.id, 'pro');
    const a = await account('race-a@example.com');
    const b = await account('race-b@example.com');
    await join(owner, team, a);
    await join(owner, team, b);

    const results = await Promise.all([
      call('POST', `/api/workspaces/${team}/transfer`, owner.cookie, { userId: a.id }),
      call('POST', `/api/workspaces/${team}/transfer`, owner.cookie, { userId: b.id }),
    ]);
    expect(results.map((r) => r.statusCode).sort((x, y) => x - y)).toEqual([200, 403]);
    const [only] = await owners(team);
    expect(await owners(team)).toHaveLength(1);
    expect([a.id, b.id]).toContain(only!.userId);

    // The new owner hands it back while the other member leaves, and while the old owner tries to hand it on again.
    const current = only!.userId === a.id ? a : b;
    const other = current === a ? b : a;
    const raced = await Promise.all([
      call('POST', `/api/workspaces/${team}/transfer`, current.cookie, { userId: other.id }),
      call('DELETE', `/api/workspaces/${team}/members/${other.id}`, other.cookie),
      call('POST', `/api/workspaces/${team}/transfer`, owner.cookie, { userId: owner.id }),
    ]);
    expect(raced[2].statusCode).toBe(403);
    expect(await owners(team)).toHaveLength(1);
    const [after] = await owners(team);
    // Handed over first: the new owner may not leave; left first: there is nobody to hand it to.
    expect({ transfer: raced[0].statusCode, leave: raced[1].statusCode, owner: after!.userId }).toEqual(
      raced[0].statusCode === 200 ? { transfer: 200, leave: 403, owner: other.id } : { transfer: 409, leave: 204, owner: current.id },
    );
  });
});

describe('deleting a team', () => {
  it('is the owner’s alone, refused while a subscription is active, and members fall back to their personal workspace', async () => {
    const owner = await account('del-owner@example.com');
    const team = await createTeam(owner, 'Doomed');
    const sub = await givePlan(team, owner.id, 'growth');
    const admin = await account('del-admin@example.com');
    await join(owner, team, admin, 'admin');

    expect((await call('DELETE', `/api/workspaces/${team}`, admin.cookie)).statusCode).toBe(403);
    const paying = await call('DELETE', `/api/workspaces/${team}`, owner.cookie);
    expect(paying.statusCode).toBe(409);
    expect(paying.json().error.message).toBe(workspaceMessages.deleteWithSubscription);

    await db().update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.id, sub));
    expect((await call('DELETE', `/api/workspaces/${team}`, owner.cookie)).statusCode).toBe(204);
    expect(await db().select().from(workspaces).where(eq(workspaces.id, team))).toEqual([]);
    const [left] = await queryRows<{ n: number }>(
      db(),
      sql`select ((select count(*) from workspace_members where workspace_id = ${team})
        + (select count(*) from workspace_invitations where workspace_id = ${team})
        + (select count(*) from subscriptions where workspace_id = ${team}))::int as n`,
    );
    expect(left!.n).toBe(0);
    for (const who of [owner, admin]) {
      const list = (await call('GET', '/api/workspaces', who.cookie)).json<WorkspaceList>();
      expect(list.currentId).toBe(await personalWorkspaceId(db(), who.id));
    }
    const personal = await personalWorkspaceId(db(), owner.id);
    expect((await call('DELETE', `/api/workspaces/${personal}`, owner.cookie)).json().error.message).toBe(
      workspaceMessages.personalWorkspace,
    );
  });
});
