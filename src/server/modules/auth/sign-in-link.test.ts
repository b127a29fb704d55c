import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, waitForEmail } from '#test-support/mailbox.ts';
import { cookiesFrom } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, TEST_APP_URL, type TestContext } from '#test-support/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { ensureVerifiedUser } from './users.ts';

// postgres-pass: same

// docs/operations.md#sign-in-and-account-limits: strangers who spend an account's ceiling of failed
// passwords lock out new devices for an hour; the owner still gets in through an emailed link that
// works once, for 15 minutes, and makes that browser a known device.

const OWNER = 'locked-out@example.com';
const PASSWORD = 'the right password';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ensureVerifiedUser(ctx.database.db, OWNER, PASSWORD);
});
afterAll(async () => {
  await ctx.close();
});

const post = (url: string, payload: object, ip: string, cookie?: string) =>
  ctx.app.server.inject({ method: 'POST', url, headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) }, payload, remoteAddress: ip });

const signInWithPassword = (ip: string, password = PASSWORD, cookie?: string) =>
  post('/api/auth/sign-in/email', { email: OWNER, password }, ip, cookie);

/** The token of the newest sign-in link emailed to `email` (the link opens the sign-in page with it). */
async function emailedToken(email: string, count = 1): Promise<string> {
  await expect
    .poll(async () => (await readOutbox(ctx.outboxDir)).filter((m) => m.to === email && m.subject.includes('sign-in link')).length, {
      timeout: 10_000,
    })
    .toBeGreaterThanOrEqual(count);
  const mail = await waitForEmail(ctx.outboxDir, email, 'sign-in link');
  const link = new URL(mail.links[0]!);
  expect(`${link.origin}${link.pathname}`).toBe(`${TEST_APP_URL}/auth/login`);
  return link.searchParams.get('signInToken')!;
}

describe('the emailed sign-in link', () => {
  it('strangers lock the account; the owner still signs in through the emailed link, and that browser becomes a known device', async () => {
    // Three strangers spend the account's ceiling of failed passwords from unknown devices.
    for (const ip of ['10.9.1.1', '10.9.1.2', '10.9.1.3'])
      for (let i = 0; i < 10; i++) expect((await signInWithPassword(ip, `guess ${ip} ${i}`)).statusCode).toBe(401);
    // The owner, on a new device, is refused with the right password.
    expect((await signInWithPassword('10.9.0.1')).statusCode).toBe(429);

    const requested = await post('/api/auth/sign-in-link', { email: OWNER }, '10.9.0.1');
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ ok: true });
    const token = await emailedToken(OWNER);

    const signedIn = await post('/api/auth/sign-in-link/verify', { token }, '10.9.0.1');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ user: { email: OWNER, emailVerified: true } });
    expect(signedIn.body).not.toContain(/session_token=([^.;]+)/.exec(cookiesFrom(signedIn))![1]);
    const cookie = cookiesFrom(signedIn);
    expect(cookie).toContain('klipt.session_token=');
    expect(cookie).toContain('klipt.known_device=');
    expect((await ctx.app.server.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);

    // That browser is now a known device: its password sign-ins skip the spent ceiling, from anywhere.
    const device = /klipt\.known_device=[^;]+/.exec(cookie)![0];
    expect((await signInWithPassword('10.9.0.2', PASSWORD, device)).statusCode).toBe(200);
    // The strangers are still refused.
    expect((await signInWithPassword('10.9.1.4')).statusCode).toBe(429);
  });

  it('works once', async () => {
    await post('/api/auth/sign-in-link', { email: OWNER }, '10.9.2.1');
    const token = await emailedToken(OWNER, 2);
    const [first, second] = await Promise.all([
      post('/api/auth/sign-in-link/verify', { token }, '10.9.2.1'),
      post('/api/auth/sign-in-link/verify', { token }, '10.9.2.2'),
    ]);
    expect([first.statusCode, second.statusCode].toSorted((a, b) => a - b)).toEqual([200, 400]);
    const again = await post('/api/auth/sign-in-link/verify', { token }, '10.9.2.1');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'BAD_REQUEST',
      message: 'This sign-in link is invalid, expired or already used. Ask for a new one from the sign-in page.',
    });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('does not work once it has expired (15 minutes), nor with a made-up token', async () => {
    await post('/api/auth/sign-in-link', { email: OWNER }, '10.9.3.1');
    const token = await emailedToken(OWNER, 3);
    // Stored as a hash of the token, never the token itself.
    const identifier = `sign-in-link:${createHash('sha256').update(token).digest('hex')}`;
    const [stored] = await queryRows<{ expires_in: number }>(
      ctx.database.db,
      sql`select extract(epoch from expires_at - now())::int as expires_in from verifications where identifier = ${identifier}`,
    );
    expect(stored!.expires_in).toBeGreaterThan(14 * 60);
    expect(stored!.expires_in).toBeLessThanOrEqual(15 * 60);
    await ctx.database.db.execute(sql`update verifications set expires_at = now() - interval '1 second' where identifier = ${identifier}`);

    expect((await post('/api/auth/sign-in-link/verify', { token }, '10.9.3.1')).statusCode).toBe(400);
    expect((await post('/api/auth/sign-in-link/verify', { token: 'a-made-up-token' }, '10.9.3.1')).statusCode).toBe(400);
  });

  it('answers the same for any address, emails only a confirmed account, and is limited per address and per email', async () => {
    await ctx.database.db.execute(sql`delete from pgboss.job where name = 'send-sign-in-link'`);
    await post(
      '/api/auth/sign-up/email',
      { email: 'unconfirmed@example.com', password: 'long enough', confirmPassword: 'long enough' },
      '10.9.4.9',
    );
    const answers = [];
    for (const [i, email] of ['unconfirmed@example.com', 'nobody-here@example.com', 'second@example.com'].entries()) {
      if (email === 'second@example.com') await ensureVerifiedUser(ctx.database.db, email, PASSWORD);
      const res = await post('/api/auth/sign-in-link', { email }, `10.9.4.${i}`);
      answers.push([res.statusCode, res.body]);
    }
    expect(answers).toEqual(Array.from({ length: 3 }, () => [200, JSON.stringify({ ok: true })]));
    await emailedToken('second@example.com');
    // Every lookup has run: only the confirmed account got an email.
    await expect
      .poll(
        async () =>
          (
            await queryRows<{ n: number }>(
              ctx.database.db,
              sql`select count(*)::int as n from pgboss.job where name = 'send-sign-in-link' and state <> 'completed'`,
            )
          )[0]!.n,
        { timeout: 10_000 },
      )
      .toBe(0);
    const mails = await readOutbox(ctx.outboxDir);
    expect(
      mails.filter((m) => m.subject.includes('sign-in link') && ['unconfirmed@example.com', 'nobody-here@example.com'].includes(m.to)),
    ).toEqual([]);

    // Three per email per 15 minutes, ten per client address.
    const perEmail: number[] = [];
    for (let i = 0; i < 4; i++)
      perEmail.push((await post('/api/auth/sign-in-link', { email: 'often@example.com' }, `10.9.5.${i}`)).statusCode);
    expect(perEmail).toEqual([200, 200, 200, 429]);
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await post('/api/auth/sign-in-link', { email: `spray${i}@example.com` }, '10.9.6.1')).statusCode;
    expect(last).toBe(429);
  });
});
