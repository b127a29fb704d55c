import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifiedUser } from '#test-support/session.ts';
import { ensureVerifiedUser } from './users.ts';
import { createTestContext, type TestContext } from '#test-support/test-app.ts';
import { sessions } from '../../db/schema/index.ts';
import { SESSION_EXPIRES_IN_SECONDS } from './auth.ts';

// postgres-pass: driver

describe('sessions', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ workers: false, rateLimits: false });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const me = (cookie: string) => ctx.app.server.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

  it('GET /api/session answers visitors with null (200) and signed-in users with who they are', async () => {
    const anonymous = await ctx.app.server.inject('/api/session');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ me: null });
    const cookie = await verifiedUser(ctx, 'who@example.com');
    const res = await ctx.app.server.inject({ url: '/api/session', headers: { cookie } });
    expect(res.json().me).toMatchObject({ user: { email: 'who@example.com', emailVerified: true }, credits: 10 });
    // The API for programs keeps answering 401 to visitors.
    expect((await ctx.app.server.inject('/api/me')).statusCode).toBe(401);
  });

  it('refresh while in use: a day-old session gets a new expiry and cookie', async () => {
    const cookie = await verifiedUser(ctx, 'busy@example.com');
    const [session] = await ctx.database.db
      .select()
      .from(sessions)
      .orderBy(sql`${sessions.createdAt} desc`)
      .limit(1);
    // Pretend the session was last refreshed two days ago.
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await ctx.database.db
      .update(sessions)
      .set({ updatedAt: twoDaysAgo, expiresAt: new Date(twoDaysAgo.getTime() + SESSION_EXPIRES_IN_SECONDS * 1000) })
      .where(eq(sessions.id, session!.id));
    const getSession = vi.spyOn(ctx.services.auth.api, 'getSession');
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/klipt\.session_token=/);
    // The refresh is better-auth's (it writes the session and signs the new cookie).
    expect(getSession).toHaveBeenCalledOnce();
    getSession.mockRestore();
    // The refreshed cookie signs in without another refresh.
    const refreshed = await me(String(res.headers['set-cookie']).split(';')[0]!);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['set-cookie']).toBeUndefined();
    const [after] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, session!.id));
    expect(after!.expiresAt.getTime()).toBeGreaterThan(Date.now() + (SESSION_EXPIRES_IN_SECONDS - 60) * 1000);
  });

  it('expire when idle: a session past its expiry no longer signs anyone in', async () => {
    const cookie = await verifiedUser(ctx, 'idle@example.com');
    expect((await me(cookie)).statusCode).toBe(200);
    await ctx.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe('cookies on https', () => {
  it('are Secure with the __Secure- prefix when APP_URL is https', async () => {
    const ctx = await createTestContext({ workers: false, rateLimits: false, env: { APP_URL: 'https://klipt.example' } });
    try {
      const user = await ensureVerifiedUser(ctx.database.db, 'secure@example.com', 'correct horse battery');
      await ctx.services.account.setUp(user);
      const res = await ctx.app.server.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: 'https://klipt.example' },
        payload: { email: 'secure@example.com', password: 'correct horse battery' },
      });
      expect(res.statusCode).toBe(200);
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/__Secure-klipt\.session_token=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      // Klipt's session reader finds the prefixed cookie itself, without better-auth's getSession.
      const getSession = vi.spyOn(ctx.services.auth.api, 'getSession');
      const sent = cookie.split(';')[0]!;
      const me = await ctx.app.server.inject({ method: 'GET', url: '/api/me', headers: { cookie: sent } });
      expect(me.statusCode).toBe(200);
      expect(getSession).not.toHaveBeenCalled();
    } finally {
      await ctx.close();
    }
  });
});
