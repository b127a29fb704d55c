import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUp, signUpVerified } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { isSuperAdmin } from '../roles/repo.ts';
import { bootstrapSuperAdmin, makeSuperAdmin } from './bootstrap.ts';
import { silentLogger } from '../../lib/logger.ts';

// postgres-pass: same

let ctx: TestContext;
let adminCookie: string;
let userCookie: string;
beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: false });
  await makeSuperAdmin(ctx.database.db, 'root@example.com', 'root password', (u) => ctx.services.account.setUp(u));
  adminCookie = (await signIn(ctx, 'root@example.com', 'root password')).cookie;
  userCookie = await signUpVerified(ctx, 'plain@example.com');
});
afterAll(async () => {
  await ctx.close();
});

const create = (cookie: string | undefined, payload: object) =>
  ctx.app.server.inject({
    method: 'POST',
    url: '/api/admin/super-admins',
    headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload,
  });

describe('super admins', () => {
  it('shows the role in /api/me', async () => {
    const me = await ctx.app.server.inject({ method: 'GET', url: '/api/me', headers: { cookie: adminCookie } });
    expect(me.json()).toMatchObject({ isSuperAdmin: true, user: { email: 'root@example.com', emailVerified: true } });
    const plain = await ctx.app.server.inject({ method: 'GET', url: '/api/me', headers: { cookie: userCookie } });
    expect(plain.json().isSuperAdmin).toBe(false);
  });

  it('refuses anonymous (401), plain (403) and unconfirmed (403) callers, creating nothing', async () => {
    expect((await create(undefined, { email: 'x1@example.com', password: 'long enough' })).statusCode).toBe(401);
    const plain = await create(userCookie, { email: 'x2@example.com', password: 'long enough' });
    expect(plain.statusCode).toBe(403);
    expect(plain.json().error.message).toBe('Only super admins can do this.');
    const { cookie: unconfirmed } = await signUp(ctx, 'unconfirmed@example.com');
    expect((await create(unconfirmed, { email: 'x3@example.com', password: 'long enough' })).statusCode).toBe(403);
    expect((await signIn(ctx, 'x2@example.com', 'long enough')).res.statusCode).toBe(401);
  });

  it('lets a super admin create a verified super admin who can sign in', async () => {
    const res = await create(adminCookie, { email: 'second@example.com', password: 'second password' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'second@example.com', created: true });
    const { res: login, cookie } = await signIn(ctx, 'second@example.com', 'second password');
    expect(login.json().user.emailVerified).toBe(true);
    const me = await ctx.app.server.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ isSuperAdmin: true, credits: 10 });
  });

  it('promotes an existing user without changing their password', async () => {
    const res = await create(adminCookie, { email: 'plain@example.com', password: 'ignored password' });
    expect(res.json()).toMatchObject({ created: false });
    expect((await signIn(ctx, 'plain@example.com', 'correct horse battery')).res.statusCode).toBe(200);
    expect(await isSuperAdmin(ctx.database.db, res.json().userId)).toBe(true);
  });

  it('validates the form on the server', async () => {
    const res = await create(adminCookie, { email: 'bad', password: 'short' });
    expect(res.statusCode).toBe(400);
  });

  it('bootstraps from ADMIN_EMAIL only while no super admin exists', async () => {
    await bootstrapSuperAdmin(ctx.database.db, {
      email: 'late@example.com',
      password: 'late password',
      logger: silentLogger(),
      setUp: (u) => ctx.services.account.setUp(u),
    });
    expect((await signIn(ctx, 'late@example.com', 'late password')).res.statusCode).toBe(401);
  });

  it('treats a failing role lookup as "not an admin"', async () => {
    const broken = {
      select: () => {
        throw new Error('database down');
      },
    } as unknown as typeof ctx.database.db;
    expect(await isSuperAdmin(broken, 'anyone')).toBe(false);
  });
});
