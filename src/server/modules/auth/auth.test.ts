import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, waitForEmail } from '#test-support/mailbox.ts';
import { cookiesFrom, postSignUp, signIn, signUp, signUpVerified, verifyByEmail } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, TEST_APP_URL, type TestContext } from '#test-support/test-app.ts';
import { creditTransactions, sessions, users } from '../../db/schema/index.ts';

// postgres-pass: same

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: false, env: { PLUS_EMAIL_ALLOWLIST: 'qa+' } });
});
afterAll(async () => {
  await ctx.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: { cookie?: string; payload?: object } = {}) =>
  ctx.app.server.inject({
    method,
    url,
    headers: { ...SAME_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
    ...(options.payload ? { payload: options.payload } : {}),
  });

describe('sign-up', () => {
  it.each([
    [{ email: 'a@example.com', password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters long'],
    [{ email: 'a@example.com', password: 'long enough 1', confirmPassword: 'long enough 2' }, 'Passwords do not match'],
    [{ email: 'not-an-email', password: 'long enough', confirmPassword: 'long enough' }, 'Please enter a valid email address'],
    [{ password: 'long enough', confirmPassword: 'long enough' }, 'Email is required'],
  ])('refuses %j with a clear message', async (payload, message) => {
    const res = await inject('POST', '/api/auth/sign-up/email', { payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('refuses + addresses unless they start with an allowlisted prefix', async () => {
    const refused = await inject('POST', '/api/auth/sign-up/email', {
      payload: { email: 'ann+shop@example.com', password: 'long enough', confirmPassword: 'long enough' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Email addresses containing + symbols are not allowed, except for whitelisted addresses');
    expect(await ctx.database.db.select().from(users).where(eq(users.email, 'ann+shop@example.com'))).toHaveLength(0);

    const allowed = await inject('POST', '/api/auth/sign-up/email', {
      payload: { email: 'qa+run1@example.com', password: 'long enough', confirmPassword: 'long enough' },
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('creates an unconfirmed account with 10 welcome credits and emails its link, which signs in; sign-up itself sets no session', async () => {
    const res = await postSignUp(ctx, 'New.Seller@Example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    // Only the pending sign-up, for the emailed link to confirm in this browser (ADR 0019).
    expect(res.headers['set-cookie']).toMatch(
      /^klipt\.pending_sign_up=\d+\.[\w-]{43}; Max-Age=86400; Path=\/api\/auth; HttpOnly; SameSite=Lax$/,
    );
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, 'new.seller@example.com'));
    expect(user).toMatchObject({ emailVerified: false });

    const mail = await waitForEmail(ctx.outboxDir, 'new.seller@example.com', 'Verify your email');
    expect(mail.links[0]).toMatch(new RegExp(`^${TEST_APP_URL}/api/auth/verify-email\\?token=`));
    const link = new URL(mail.links[0]!);
    const verified = await inject('GET', `${link.pathname}${link.search}`, { cookie: cookiesFrom(res) });
    expect(verified.statusCode).toBe(302);
    expect(verified.headers['location']).toBe('/onboarding');
    const setCookie = String(verified.headers['set-cookie']);
    expect(setCookie).toMatch(/klipt\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);

    const me = await inject('GET', '/api/me', { cookie: cookiesFrom(verified) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { emailVerified: true },
      credits: 10,
      isSuperAdmin: false,
      profile: { displayName: 'new.seller' },
    });

    // Setting the account up again never grants twice.
    await ctx.services.account.setUp({ id: user!.id, email: user!.email });
    const grants = await ctx.database.db.select().from(creditTransactions).where(eq(creditTransactions.userId, user!.id));
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ type: 'grant', amount: 10 });
  });

  it('answers a sign-up for an address that has an account exactly as for a new one, and emails its owner instead', async () => {
    await signUpVerified(ctx, 'taken@example.com', 'the owner password');
    const [owner] = await ctx.database.db.select().from(users).where(eq(users.email, 'taken@example.com'));

    const existing = await postSignUp(ctx, 'TAKEN@example.com', 'an intruder password');
    const fresh = await postSignUp(ctx, 'not-taken@example.com', 'an intruder password');
    // The pending sign-up cookie is random for both: compare its shape.
    const comparable = (res: typeof fresh) => {
      const { date: _date, 'x-request-id': _id, ...headers } = res.headers;
      const cookie = String(headers['set-cookie']).replace(/=\d+\.([\w-]+);/, (_, v: string) => `=<time>.${'x'.repeat(v.length)};`);
      return { status: res.statusCode, body: res.body, headers: { ...headers, 'set-cookie': cookie } };
    };
    expect(comparable(existing)).toEqual(comparable(fresh));
    expect(existing.statusCode).toBe(200);

    const notice = await waitForEmail(ctx.outboxDir, 'taken@example.com', 'Someone tried to create a Klipt account with your email');
    expect(notice.text).toContain('Sign in with your password');
    expect(notice.links[0]).toBe(`${TEST_APP_URL}/auth/login`);
    // Nothing changed for the owner: same password, one account, one welcome grant.
    expect((await signIn(ctx, 'taken@example.com', 'the owner password')).res.statusCode).toBe(200);
    expect((await signIn(ctx, 'taken@example.com', 'an intruder password')).res.statusCode).toBe(401);
    expect(await ctx.database.db.select().from(users).where(eq(users.email, 'taken@example.com'))).toHaveLength(1);
    const grants = await ctx.database.db.select().from(creditTransactions).where(eq(creditTransactions.userId, owner!.id));
    expect(grants).toHaveLength(1);
  });
});

describe('email verification', () => {
  it('confines an unconfirmed user, and the emailed link confirms the email and signs in', async () => {
    const { res: signedUp, cookie } = await signUp(ctx, 'verify-me@example.com');
    expect((await inject('GET', '/api/profile', { cookie })).statusCode).toBe(403);
    expect((await inject('GET', '/api/profile', { cookie })).json().error.message).toBe('Please verify your email address to continue.');

    // The link opened in another tab of the browser that signed up (its pending sign-up, no session) signs in.
    const mail = await waitForEmail(ctx.outboxDir, 'verify-me@example.com', 'Verify your email');
    const link = new URL(mail.links[0]!);
    const res = await inject('GET', `${link.pathname}${link.search}`, { cookie: cookiesFrom(signedUp) });
    expect(res.statusCode).toBe(302);
    expect(res.headers['location']).toBe('/onboarding');
    const fresh = cookiesFrom(res);
    const me = await inject('GET', '/api/me', { cookie: fresh });
    expect(me.json().user.emailVerified).toBe(true);
    // The first session sees the confirmation too (the verify page polls /api/me).
    expect((await inject('GET', '/api/me', { cookie })).json().user.emailVerified).toBe(true);
    expect((await inject('GET', '/api/profile', { cookie })).statusCode).toBe(200);
  });

  it('resends at most once a minute, enforced by the server', async () => {
    const { cookie } = await signUp(ctx, 'resend@example.com');
    const first = await inject('POST', '/api/account/resend-verification', { cookie });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true, retryAfterSeconds: 60 });
    const second = await inject('POST', '/api/account/resend-verification', { cookie });
    expect(second.statusCode).toBe(429);
    expect(second.json().error.message).toMatch(/^Please wait \d+ seconds before requesting another email\.$/);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(50);
    await expect.poll(async () => (await readOutbox(ctx.outboxDir)).filter((m) => m.to === 'resend@example.com').length).toBe(2);
  });

  it('needs a session to resend, and a confirmed user has nothing to resend', async () => {
    expect((await inject('POST', '/api/account/resend-verification')).statusCode).toBe(401);
    const cookie = await signUpVerified(ctx, 'already@example.com');
    expect((await inject('POST', '/api/account/resend-verification', { cookie })).statusCode).toBe(409);
  });

  it('does not expose better-auth endpoints Klipt does not use', async () => {
    const res = await inject('POST', '/api/auth/send-verification-email', { payload: { email: 'resend@example.com' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('sign-in and sign-out', () => {
  it('answers wrong credentials with the spec message, and signs in with the right ones', async () => {
    await signUpVerified(ctx, 'login@example.com', 'right password');
    for (const [email, password] of [
      ['login@example.com', 'wrong password'],
      ['nobody@example.com', 'right password'],
    ]) {
      const { res } = await signIn(ctx, email!, password!);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'Invalid login credentials. Please check your email and password.',
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const { res, cookie } = await signIn(ctx, 'LOGIN@example.com', 'right password');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'login@example.com', emailVerified: true });
    expect((await inject('GET', '/api/me', { cookie })).statusCode).toBe(200);
  });

  it('ends the session on the server at sign-out', async () => {
    const { cookie } = await signIn(ctx, 'login@example.com', 'right password');
    const before = await ctx.database.db.select().from(sessions);
    const out = await inject('POST', '/api/auth/sign-out', { cookie });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/klipt\.session_token=;/);
    expect(await ctx.database.db.select().from(sessions)).toHaveLength(before.length - 1);
    // Replaying the old cookie does not work.
    expect((await inject('GET', '/api/me', { cookie })).statusCode).toBe(401);
  });

  it('refuses a sign-in posted from another site', async () => {
    const res = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'login@example.com', password: 'right password' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('password reset', () => {
  it('gives the same answer whether or not the account exists', async () => {
    const unknown = await inject('POST', '/api/auth/request-password-reset', { payload: { email: 'ghost@example.com' } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ ok: true });
  });

  it('resets once with an emailed link and ends every other session', async () => {
    await signUpVerified(ctx, 'forgetful@example.com', 'old password');
    const { cookie: otherBrowser } = await signIn(ctx, 'forgetful@example.com', 'old password');
    expect((await inject('POST', '/api/auth/request-password-reset', { payload: { email: 'forgetful@example.com' } })).json()).toEqual({
      ok: true,
    });

    const mail = await waitForEmail(ctx.outboxDir, 'forgetful@example.com', 'Reset your Klipt password');
    const link = new URL(mail.links[0]!);
    expect(link.origin).toBe(TEST_APP_URL);
    const redirect = await inject('GET', `${link.pathname}${link.search}`);
    expect(redirect.statusCode).toBe(302);
    const target = new URL(String(redirect.headers['location']), TEST_APP_URL);
    expect(target.pathname).toBe('/auth/reset-password');
    const token = target.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const mismatch = await inject('POST', '/api/auth/reset-password', {
      payload: { token, newPassword: 'new password 1', confirmPassword: 'new password 2' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toBe('Passwords do not match');
    const short = await inject('POST', '/api/auth/reset-password', { payload: { token, newPassword: 'short', confirmPassword: 'short' } });
    expect(short.json().error.message).toBe('Password must be at least 8 characters long');

    const ok = await inject('POST', '/api/auth/reset-password', {
      payload: { token, newPassword: 'brand new password', confirmPassword: 'brand new password' },
    });
    expect(ok.statusCode).toBe(200);
    const again = await inject('POST', '/api/auth/reset-password', {
      payload: { token, newPassword: 'another password', confirmPassword: 'another password' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('This password reset link is invalid or has expired. Request a new one.');

    expect((await inject('GET', '/api/me', { cookie: otherBrowser })).statusCode).toBe(401);
    expect((await signIn(ctx, 'forgetful@example.com', 'old password')).res.statusCode).toBe(401);
    expect((await signIn(ctx, 'forgetful@example.com', 'brand new password')).res.statusCode).toBe(200);
  });
});

describe('landing redirect', () => {
  it('sends signed-in visitors of / to their place', async () => {
    const { cookie } = await signUp(ctx, 'landing-unverified@example.com');
    // No web build in this context: the redirect decision still happens first.
    const unverified = await inject('GET', '/', { cookie });
    expect([302, 503]).toContain(unverified.statusCode);
    const verified = await verifyByEmail(ctx, 'landing-unverified@example.com', cookie);
    expect(verified).toContain('klipt.session_token');
  });
});

describe('password rules (docs/product-rules.md#accounts)', () => {
  it('refuses a common password and one equal to the email at sign-up, whatever the case', async () => {
    for (const [email, password, message] of [
      [
        'common@example.com',
        'Password123',
        'This password is one of the most common passwords. Please choose one that is harder to guess.',
      ],
      ['common@example.com', 'qwertyuiop', 'This password is one of the most common passwords. Please choose one that is harder to guess.'],
      ['Same.As@Example.com', 'same.as@example.COM', 'Your password cannot be your email address. Please choose another one.'],
    ] as const) {
      const res = await inject('POST', '/api/auth/sign-up/email', { payload: { email, password, confirmPassword: password } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'VALIDATION_FAILED', message });
    }
    expect(await ctx.database.db.select().from(users).where(eq(users.email, 'common@example.com'))).toHaveLength(0);
    expect(await ctx.database.db.select().from(users).where(eq(users.email, 'same.as@example.com'))).toHaveLength(0);
  });

  it('refuses them on reset too, checking the email of the account the token belongs to', async () => {
    await signUpVerified(ctx, 'Resetter@example.com', 'the old password');
    await inject('POST', '/api/auth/request-password-reset', { payload: { email: 'resetter@example.com' } });
    const mail = await waitForEmail(ctx.outboxDir, 'resetter@example.com', 'Reset your Klipt password');
    const link = new URL(mail.links[0]!);
    const redirect = await inject('GET', `${link.pathname}${link.search}`);
    const token = new URL(String(redirect.headers['location']), TEST_APP_URL).searchParams.get('token')!;

    const reset = (newPassword: string) =>
      inject('POST', '/api/auth/reset-password', { payload: { token, newPassword, confirmPassword: newPassword } });
    const common = await reset('iloveyou1');
    expect(common.statusCode).toBe(400);
    expect(common.json().error.message).toBe(
      'This password is one of the most common passwords. Please choose one that is harder to guess.',
    );
    const own = await reset('RESETTER@example.com');
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe('Your password cannot be your email address. Please choose another one.');
    // The refusals did not use up the link.
    expect((await reset('a sound new password')).statusCode).toBe(200);
    expect((await signIn(ctx, 'resetter@example.com', 'a sound new password')).res.statusCode).toBe(200);
  });
});

describe('resend from the sign-up form (no session)', () => {
  it('answers the same for any address and sends a new link only to an account waiting for confirmation', async () => {
    await postSignUp(ctx, 'waiting@example.com');
    await waitForEmail(ctx.outboxDir, 'waiting@example.com', 'Verify your email');
    await signUpVerified(ctx, 'confirmed@example.com');
    const answers = [];
    for (const email of ['waiting@example.com', 'confirmed@example.com', 'nobody-here@example.com']) {
      const res = await inject('POST', '/api/auth/resend-verification', { payload: { email } });
      answers.push([res.statusCode, res.body]);
    }
    const same = [200, JSON.stringify({ ok: true, retryAfterSeconds: 60 })];
    expect(answers).toEqual([same, same, same]);
    await expect
      .poll(async () => (await readOutbox(ctx.outboxDir)).filter((m) => m.to === 'waiting@example.com').length, { timeout: 10_000 })
      .toBe(2);
    // Once a minute per address.
    const again = await inject('POST', '/api/auth/resend-verification', { payload: { email: 'nobody-here@example.com' } });
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toMatch(/^Please wait \d+ seconds before requesting another email\.$/);
    const confirmedMails = (await readOutbox(ctx.outboxDir)).filter((m) => m.to === 'confirmed@example.com');
    expect(confirmedMails).toHaveLength(1);
  });
});
