import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userRoles, workspaceMembers } from '../../db/schema/index.ts';
import { cookieValue } from './cookie-value.ts';
import { userIdOf, verifiedUser } from '#test-support/session.ts';
import { createTestContext, type TestContext } from '#test-support/test-app.ts';
import { addMember, createTeam, selectWorkspace, signedInUser } from '#test-support/workspaces.ts';

// postgres-pass: driver

/** A session cookie signed as better-call signs it: `<token>.<base64 HMAC-SHA256>`, URL-encoded. */
const signed = (token: string, key: string) =>
  `klipt.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', key).update(token).digest('base64')}`)}`;
/** The token and signature of a session cookie. */
const partsOf = (cookie: string) => {
  const value = decodeURIComponent(cookieValue(cookie, 'klipt.session_token')!);
  const dot = value.lastIndexOf('.');
  return { token: value.slice(0, dot), signature: value.slice(dot + 1) };
};

// Klipt's own session reader (sessions.ts, ADR 0027): a signed cookie checked without the database,
// then one read for the session, user, role and memberships, on every request.
describe('session reader', () => {
  let ctx: TestContext;
  let secret: string;
  beforeAll(async () => {
    ctx = await createTestContext({ workers: false, rateLimits: false });
    secret = (await ctx.services.auth.$context).secret;
  });
  afterAll(async () => {
    await ctx.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const get = (url: string, cookie: string) => ctx.app.server.inject({ method: 'GET', url, headers: { cookie } });
  const readCaller = (cookie: string, reply = { header: vi.fn<() => void>() }) =>
    ctx.services.sessions.load({ headers: { cookie } } as never, reply as never);

  it('reads a fresh session in one read, as the same caller better-auth and the memberships read gave', async () => {
    const cookie = await verifiedUser(ctx, 'reader@example.com');
    const userId = await userIdOf(ctx, 'reader@example.com');
    const db = ctx.database.db;
    const team = await createTeam(db, userId, 'Reader team');
    await verifiedUser(ctx, 'owner@example.com');
    const other = await createTeam(db, await userIdOf(ctx, 'owner@example.com'), 'Other');
    await addMember(db, other, userId, 'member');
    await selectWorkspace(db, userId, team);
    const getSession = vi.spyOn(ctx.services.auth.api, 'getSession');

    const reply = { header: vi.fn<() => void>() };
    const read = await readCaller(cookie, reply);
    expect(read?.user).toEqual(await signedInUser(db, userId));
    expect(read?.user.workspace).toMatchObject({ id: team, kind: 'team', role: 'owner' });
    expect(read?.user.memberships.get(other)).toBe('member');
    expect(reply.header).not.toHaveBeenCalled();
    expect((await get('/api/me', cookie)).statusCode).toBe(200);
    // Neither request went through better-auth's getSession.
    expect(getSession).not.toHaveBeenCalled();
  });

  it('takes a cookie signed as better-call signs it, and nobody for a forged or altered one', async () => {
    const cookie = await verifiedUser(ctx, 'forger@example.com');
    const { token, signature } = partsOf(cookie);
    expect((await get('/api/me', signed(token, secret))).statusCode).toBe(200);
    const getSession = vi.spyOn(ctx.services.auth.api, 'getSession');
    for (const forged of [
      signed(token, 'another-secret-that-is-long-enough-12345'),
      // Someone else's token under this token's signature.
      `klipt.session_token=${encodeURIComponent(`${token.slice(0, -1)}x.${signature}`)}`,
      `klipt.session_token=${token}`,
      'klipt.session_token=',
    ]) {
      expect((await get('/api/me', forged)).statusCode).toBe(401);
      expect((await get('/api/session', forged)).json()).toEqual({ me: null });
    }
    expect(getSession).not.toHaveBeenCalled();
  });

  it('answers a revoked super admin 403 on their next request', async () => {
    const cookie = await verifiedUser(ctx, 'demoted@example.com');
    const userId = await userIdOf(ctx, 'demoted@example.com');
    await ctx.database.db.insert(userRoles).values({ userId, role: 'super_admin' });
    expect((await get('/api/admin/users', cookie)).statusCode).toBe(200);
    await ctx.database.db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'super_admin')));
    expect((await get('/api/admin/users', cookie)).statusCode).toBe(403);
  });

  it('moves a member removed from their current workspace back to their personal one on the next request', async () => {
    const cookie = await verifiedUser(ctx, 'removed@example.com');
    const userId = await userIdOf(ctx, 'removed@example.com');
    const db = ctx.database.db;
    const team = await createTeam(db, await userIdOf(ctx, 'owner@example.com'), 'Leaving');
    await addMember(db, team, userId, 'admin');
    await selectWorkspace(db, userId, team);
    const before = await readCaller(cookie);
    expect(before?.user.workspace.id).toBe(team);
    await db.delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, team), eq(workspaceMembers.userId, userId)));
    const after = await readCaller(cookie);
    expect(after?.user.workspace).toMatchObject({ kind: 'personal', role: 'owner' });
    expect(after?.user.memberships.has(team)).toBe(false);
  });
});
