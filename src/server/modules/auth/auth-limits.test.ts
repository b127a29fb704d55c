import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUp } from '../../../../tests/support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '../../../../tests/support/test-app.ts';
import { setWaitlistStatus } from '../waitlist/repo.ts';

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

  it('limits sign-in attempts per email, with a clear 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await post('/api/auth/sign-in/email', { email: 'target@example.com', password: `guess ${i}` }, `10.1.0.${i}`)).statusCode,
      );
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await post('/api/auth/sign-in/email', { email: 'target@example.com', password: 'guess' }, '10.1.1.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({ code: 'RATE_LIMITED', message: 'Too many attempts. Please try again in 15 minutes.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
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
