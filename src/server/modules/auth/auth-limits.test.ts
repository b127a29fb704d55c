import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUp } from '../../../../tests/support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '../../../../tests/support/test-app.ts';
import { setWaitlistStatus } from '../waitlist/repo.ts';
import { ensureVerifiedUser } from './users.ts';

describe('rate limits on sign-in, sign-up, reset', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const post = (url: string, payload: object, ip: string) =>
    ctx.app.server.inject({ method: 'POST', url, headers: SAME_ORIGIN, payload, remoteAddress: ip });

  it('ten wrong passwords from one address lock only that address out of the account, with a clear 429', async () => {
    await ensureVerifiedUser(ctx.database.db, 'target@example.com', 'the right password');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push(
        (await post('/api/auth/sign-in/email', { email: 'target@example.com', password: `guess ${i}` }, '10.1.0.1')).statusCode,
      );
    expect(statuses).toEqual(Array(10).fill(401));
    const limited = await post('/api/auth/sign-in/email', { email: 'target@example.com', password: 'the right password' }, '10.1.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({ code: 'RATE_LIMITED', message: 'Too many attempts. Please try again in 15 minutes.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, elsewhere, is not locked out by it.
    const owner = await post('/api/auth/sign-in/email', { email: 'target@example.com', password: 'the right password' }, '10.1.0.2');
    expect(owner.statusCode).toBe(200);
  });

  it('strangers who spend the account ceiling from many addresses do not lock out the owner on a known device', async () => {
    await ensureVerifiedUser(ctx.database.db, 'famous@example.com', 'the right password');
    await ensureVerifiedUser(ctx.database.db, 'other@example.com', 'the right password');
    const attempt = (password: string, ip: string, cookie?: string) =>
      ctx.app.server.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) },
        payload: { email: 'famous@example.com', password },
        remoteAddress: ip,
      });
    // The owner signed in on their laptop last week: it is a known device of the account.
    const earlier = await attempt('the right password', '10.5.0.1');
    expect(earlier.statusCode).toBe(200);
    const device = /klipt\.known_device=[^;]+/.exec(String(earlier.headers['set-cookie']))![0];
    expect(String(earlier.headers['set-cookie'])).toMatch(
      /klipt\.known_device=[^;]+; Max-Age=\d+; Path=\/api\/auth; HttpOnly; SameSite=Strict/,
    );
    // A known device of another account does not count for this one.
    const elsewhere = await post('/api/auth/sign-in/email', { email: 'other@example.com', password: 'the right password' }, '10.5.0.2');
    const otherDevice = /klipt\.known_device=[^;]+/.exec(String(elsewhere.headers['set-cookie']))![0];

    // Three strangers, ten wrong passwords each: the account's ceiling for unknown devices is spent.
    for (const ip of ['10.5.1.1', '10.5.1.2', '10.5.1.3'])
      for (let i = 0; i < 10; i++) expect((await attempt(`guess ${ip} ${i}`, ip)).statusCode).toBe(401);
    expect((await attempt('guess again', '10.5.1.4')).statusCode).toBe(429);
    expect((await attempt('guess again', '10.5.1.5', otherDevice)).statusCode).toBe(429);
    expect(
      (
        await attempt(
          'guess again',
          '10.5.1.6',
          device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        )
      ).statusCode,
    ).toBe(429);

    // The owner's known device still signs in, from any address; the strangers still get 429.
    const owner = await attempt('the right password', '10.5.0.9', device);
    expect(owner.statusCode).toBe(200);
    expect((await attempt('the right password', '10.5.1.7')).statusCode).toBe(429);
    expect((await attempt('guess again', '10.5.1.1')).statusCode).toBe(429);
  });

  it('the owner signs in from a new address while strangers stay under the account ceiling', async () => {
    await ensureVerifiedUser(ctx.database.db, 'busy@example.com', 'the right password');
    for (const ip of ['10.6.1.1', '10.6.1.2'])
      for (let i = 0; i < 10; i++)
        expect((await post('/api/auth/sign-in/email', { email: 'busy@example.com', password: `guess ${i}` }, ip)).statusCode).toBe(401);
    expect(
      (await post('/api/auth/sign-in/email', { email: 'busy@example.com', password: 'the right password' }, '10.6.0.1')).statusCode,
    ).toBe(200);
    expect((await post('/api/auth/sign-in/email', { email: 'busy@example.com', password: 'guess' }, '10.6.1.1')).statusCode).toBe(429);
  });

  it('limits sign-in attempts per address across emails', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++)
      last = (await post('/api/auth/sign-in/email', { email: `spray${i}@example.com`, password: 'guess' }, '10.2.0.1')).statusCode;
    expect(last).toBe(429);
  });

  it('limits reset requests per email without revealing whether the account exists', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await post('/api/auth/request-password-reset', { email: 'nobody@example.com' }, `10.3.0.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limits sign-ups per address', async () => {
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (
        await post(
          '/api/auth/sign-up/email',
          { email: `bulk${i}@example.com`, password: 'long enough', confirmPassword: 'long enough' },
          '10.4.0.1',
        )
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('registration mode "waitlist"', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ rateLimits: false, env: { REGISTRATION_MODE: 'waitlist' } });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lets only approved waitlist entries register', async () => {
    const refused = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: SAME_ORIGIN,
      payload: { email: 'early@example.com', password: 'long enough', confirmPassword: 'long enough' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Sign-up is by invitation during the beta. Join the waitlist and we will invite you soon.');

    await ctx.app.server.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: SAME_ORIGIN,
      payload: { name: 'Early', email: 'early@example.com' },
    });
    const pending = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: SAME_ORIGIN,
      payload: { email: 'early@example.com', password: 'long enough', confirmPassword: 'long enough' },
    });
    expect(pending.statusCode).toBe(403);

    await setWaitlistStatus(ctx.database.db, 'early@example.com', 'approved');
    await signUp(ctx, 'early@example.com', 'long enough');
    expect((await signIn(ctx, 'early@example.com', 'long enough')).res.statusCode).toBe(200);
  });

  it('tells the web app which mode is on', async () => {
    const res = await ctx.app.server.inject({ method: 'GET', url: '/api/settings' });
    expect(res.json()).toMatchObject({ registrationMode: 'waitlist' });
  });
});
