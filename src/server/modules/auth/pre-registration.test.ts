import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, waitForEmail } from '#test-support/mailbox.ts';
import { cookiesFrom, postSignUp, signIn } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, TEST_APP_URL, type TestContext } from '#test-support/test-app.ts';
import { activityLog, sessions, users } from '../../db/schema/index.ts';

// postgres-pass: concurrency

// docs/product-rules.md#accounts: after the address's owner confirms it, no password chosen by anyone
// else works. The emailed link confirms at once only in the browser that signed up with the current
// password; anywhere else the owner chooses the password first (ADR 0019).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: false });
});
afterAll(async () => {
  await ctx.close();
});

const ATTACKER_PASSWORD = 'attacker knows this one';
const OWNER_PASSWORD = 'the owner chose this';

const inject = (method: 'GET' | 'POST', url: string, options: { cookie?: string; payload?: object } = {}) =>
  ctx.app.server.inject({
    method,
    url,
    headers: { ...SAME_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
    ...(options.payload ? { payload: options.payload } : {}),
  });

/** The path and query of the newest verification link emailed to `email`. */
async function verificationLink(email: string, count = 1): Promise<string> {
  await expect
    .poll(async () => (await readOutbox(ctx.outboxDir)).filter((m) => m.to === email && m.subject.includes('Verify your email')).length, {
      timeout: 10_000,
    })
    .toBeGreaterThanOrEqual(count);
  const mail = await waitForEmail(ctx.outboxDir, email, 'Verify your email');
  const link = new URL(mail.links[0]!);
  return `${link.pathname}${link.search}`;
}

async function userRow(email: string) {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return user!;
}

/** Where a redirect goes, as a URL on this site. */
const target = (location: unknown) => new URL(String(location), TEST_APP_URL);

describe('pre-registration', () => {
  it('the owner who follows the link without the sign-up cookie chooses a password; the attacker’s password and sessions stop working', async () => {
    const email = 'victim@example.com';
    const attackerSignUp = await postSignUp(ctx, email, ATTACKER_PASSWORD);
    expect(attackerSignUp.statusCode).toBe(200);
    const attacker = await signIn(ctx, email, ATTACKER_PASSWORD);
    expect(attacker.res.statusCode).toBe(200);

    // The owner opens the link on their own device: nothing is confirmed, nobody is signed in yet.
    const opened = await inject('GET', await verificationLink(email));
    expect(opened.statusCode).toBe(302);
    const page = target(opened.headers['location']);
    expect(page.pathname).toBe('/auth/verify-email');
    const token = page.searchParams.get('token')!;
    expect(token).toBeTruthy();
    expect(cookiesFrom(opened)).not.toContain('session_token');
    expect((await userRow(email)).emailVerified).toBe(false);

    const chosen = await inject('POST', '/api/auth/verify-email/password', {
      payload: { token, newPassword: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().user).toMatchObject({ email, emailVerified: true });
    const owner = cookiesFrom(chosen);
    expect(owner).toContain('session_token');
    expect((await inject('GET', '/api/me', { cookie: owner })).json()).toMatchObject({ user: { emailVerified: true }, credits: 10 });

    // The attacker's session is gone and their password no longer works; the owner's does.
    expect((await inject('GET', '/api/me', { cookie: attacker.cookie })).statusCode).toBe(401);
    expect((await signIn(ctx, email, ATTACKER_PASSWORD)).res.statusCode).toBe(401);
    expect((await signIn(ctx, email, OWNER_PASSWORD)).res.statusCode).toBe(200);
    const user = await userRow(email);
    // Two sessions: the one the choice opened and the sign-in just above.
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);
    // God Mode's activity log records the confirmation as for any link.
    const logged = await ctx.database.db.select().from(activityLog).where(eq(activityLog.actorId, user.id));
    expect(logged.map((entry) => entry.type)).toContain('email_verified');

    // The link is spent for this purpose: the address is confirmed.
    const again = await inject('POST', '/api/auth/verify-email/password', {
      payload: { token, newPassword: 'yet another password', confirmPassword: 'yet another password' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('Your email address is already verified.');
    expect((await signIn(ctx, email, OWNER_PASSWORD)).res.statusCode).toBe(200);
  });

  it('the browser that signed up confirms with the link at once, as before', async () => {
    const email = 'same-browser@example.com';
    const res = await postSignUp(ctx, email, OWNER_PASSWORD);
    const jar = cookiesFrom(res);
    const opened = await inject('GET', await verificationLink(email), { cookie: jar });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers['location']).toBe('/onboarding');
    const cookie = cookiesFrom(opened, jar);
    expect(cookie).toContain('session_token');
    // The pending sign-up is cleared once used.
    expect(cookie).not.toContain('pending_sign_up');
    expect((await inject('GET', '/api/me', { cookie })).json().user.emailVerified).toBe(true);
  });

  it('a later sign-up for the unconfirmed address changes nothing, and its cookie does not confirm the address', async () => {
    const email = 'second-comer@example.com';
    await postSignUp(ctx, email, ATTACKER_PASSWORD);
    await verificationLink(email);
    const later = await postSignUp(ctx, email, OWNER_PASSWORD);
    expect(later.statusCode).toBe(200);
    // The owner of an unconfirmed address gets a new link (not the "you already have an account" notice).
    const link = await verificationLink(email, 2);
    expect((await readOutbox(ctx.outboxDir)).filter((m) => m.to === email && m.subject.includes('Someone tried'))).toHaveLength(0);
    expect((await signIn(ctx, email, OWNER_PASSWORD)).res.statusCode).toBe(401);
    expect((await signIn(ctx, email, ATTACKER_PASSWORD)).res.statusCode).toBe(200);

    const opened = await inject('GET', link, { cookie: cookiesFrom(later) });
    expect(opened.statusCode).toBe(302);
    expect(target(opened.headers['location']).pathname).toBe('/auth/verify-email');
    expect((await userRow(email)).emailVerified).toBe(false);
  });

  it('the sign-up cookie is bound to the password it set: after the owner resets it, only the resetting browser’s confirms', async () => {
    const email = 'reset-first@example.com';
    const attacker = cookiesFrom(await postSignUp(ctx, email, ATTACKER_PASSWORD));
    const link = await verificationLink(email);

    await inject('POST', '/api/auth/request-password-reset', { payload: { email } });
    const mail = await waitForEmail(ctx.outboxDir, email, 'Reset your Klipt password');
    const resetLink = new URL(mail.links[0]!);
    const redirect = await inject('GET', `${resetLink.pathname}${resetLink.search}`);
    const resetToken = target(redirect.headers['location']).searchParams.get('token')!;
    const reset = await inject('POST', '/api/auth/reset-password', {
      payload: { token: resetToken, newPassword: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);

    const opened = await inject('GET', link, { cookie: attacker });
    expect(target(opened.headers['location']).pathname).toBe('/auth/verify-email');
    expect((await userRow(email)).emailVerified).toBe(false);

    // The browser that reset it chose the current password: there the link confirms at once.
    const owner = await inject('GET', link, { cookie: cookiesFrom(reset) });
    expect(owner.headers['location']).toBe('/onboarding');
    expect(cookiesFrom(owner)).toContain('session_token');
    expect((await userRow(email)).emailVerified).toBe(true);
    expect((await signIn(ctx, email, ATTACKER_PASSWORD)).res.statusCode).toBe(401);
  });

  it('refuses a password that breaks the rules, and a bad link, with a clear 400 and nothing changed', async () => {
    const email = 'picky@example.com';
    await postSignUp(ctx, email, ATTACKER_PASSWORD);
    const token = target((await inject('GET', await verificationLink(email))).headers['location']).searchParams.get('token')!;

    const attempts: Array<[object, string]> = [
      [{ token, newPassword: 'long enough 1', confirmPassword: 'long enough 2' }, 'Passwords do not match'],
      [{ token, newPassword: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters long'],
      [
        { token, newPassword: 'Password123', confirmPassword: 'Password123' },
        'This password is one of the most common passwords. Please choose one that is harder to guess.',
      ],
      [{ token, newPassword: email, confirmPassword: email }, 'Your password cannot be your email address. Please choose another one.'],
      [
        { token: `${token}x`, newPassword: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD },
        'This verification link is invalid or has expired. Create your account again with this address to get a new link.',
      ],
      [
        { token: 'not-a-token', newPassword: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD },
        'This verification link is invalid or has expired. Create your account again with this address to get a new link.',
      ],
    ];
    for (const [payload, message] of attempts) {
      const res = await inject('POST', '/api/auth/verify-email/password', { payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toBe(message);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect((await userRow(email)).emailVerified).toBe(false);
    expect((await signIn(ctx, email, ATTACKER_PASSWORD)).res.statusCode).toBe(200);
  });

  it('a sign-in that checked the old password while the owner replaced it gets no session', async () => {
    const email = 'racing@example.com';
    await postSignUp(ctx, email, ATTACKER_PASSWORD);
    const token = target((await inject('GET', await verificationLink(email))).headers['location']).searchParams.get('token')!;

    // Hold the attacker's sign-in right after better-auth accepted the old password.
    const context = await ctx.services.auth.$context;
    const verify = context.password.verify;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let checked!: () => void;
    const passwordChecked = new Promise<void>((resolve) => (checked = resolve));
    context.password.verify = async (input) => {
      const ok = await verify(input);
      if (input.password === ATTACKER_PASSWORD) {
        checked();
        await held;
      }
      return ok;
    };
    try {
      const attackerSignIn = signIn(ctx, email, ATTACKER_PASSWORD);
      await passwordChecked;
      const chosen = await inject('POST', '/api/auth/verify-email/password', {
        payload: { token, newPassword: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD },
      });
      expect(chosen.statusCode).toBe(200);
      release();
      const { res, cookie } = await attackerSignIn;
      expect(res.statusCode).toBe(401);
      expect(cookie).not.toContain('session_token');
    } finally {
      context.password.verify = verify;
      release();
    }
    const user = await userRow(email);
    // Only the owner's session is left.
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });
});
