import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUp } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { setWaitlistStatus } from '../waitlist/repo.ts';
import { ensureVerifiedUser } from './users.ts';

// postgres-pass: same

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

describe('the sign-up budget of all addresses together', () => {
  // SIGN_UP_BUDGET (default 60 per 10 minutes) is set low here; workers are off, so the queued
  // emails can be counted.
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ workers: false, env: { SIGN_UP_BUDGET: '5' } });
    await ensureVerifiedUser(ctx.database.db, 'member@example.com', 'the right password');
  });
  afterAll(async () => {
    await ctx.close();
  });

  const post = (url: string, payload: object, ip: string) =>
    ctx.app.server.inject({ method: 'POST', url, headers: SAME_ORIGIN, payload, remoteAddress: ip });
  const queuedEmails = async () =>
    (await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from pgboss.job where name = 'send-email'`))[0]!.n;

  it('a flood from many addresses gets a clear 429 once the budget is spent, and no more accounts or emails', async () => {
    const emailsBefore = await queuedEmails();
    // Five addresses, each well under its own limit, spend the budget (an existing address counts too).
    const accepted = await Promise.all(
      ['flood0@example.com', 'flood1@example.com', 'flood2@example.com', 'flood3@example.com', 'member@example.com'].map((email, i) =>
        post('/api/auth/sign-up/email', { email, password: 'long enough', confirmPassword: 'long enough' }, `10.7.0.${i}`),
      ),
    );
    expect(accepted.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);

    const refused = await post(
      '/api/auth/sign-up/email',
      { email: 'flood5@example.com', password: 'long enough', confirmPassword: 'long enough' },
      '10.7.0.9',
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Klipt is handling an unusual number of sign-ups right now. Please try again in 10 minutes.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    const [created] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from users where email = 'flood5@example.com'`,
    );
    expect(created!.n).toBe(0);
    // One email per accepted sign-up (four verification links, one notice), none for the refused one.
    expect((await queuedEmails()) - emailsBefore).toBe(5);
  });

  it('bounds the verification emails sent again from the sign-up form and from the verify page the same way', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post('/api/auth/resend-verification', { email: `resend${i}@example.com` }, `10.8.0.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const { cookie } = await signIn(ctx, 'member@example.com', 'the right password');
    await ctx.database.db.execute(sql`update users set email_verified = false where email = 'member@example.com'`);
    const fromPage = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/account/resend-verification',
      headers: { ...SAME_ORIGIN, cookie },
      remoteAddress: '10.8.1.1',
    });
    expect(fromPage.statusCode).toBe(429);
    expect(fromPage.json().error.message).toBe(
      'Klipt is handling an unusual number of sign-ups right now. Please try again in 10 minutes.',
    );
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
