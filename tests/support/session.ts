import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { users } from '#server/db/schema/index.ts';
import { SAME_ORIGIN, type TestContext } from './test-app.ts';
import { waitForEmail } from './mailbox.ts';
import { ensureVerifiedUser } from '#server/modules/auth/users.ts';

/** `name=value; name2=value2` for a Cookie header, from the Set-Cookie headers of a response. */
export function cookiesFrom(res: LightMyRequestResponse, previous = ''): string {
  const jar = new Map<string, string>();
  for (const pair of previous
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, ...rest] = pair.split('=');
    jar.set(name!, rest.join('='));
  }
  const raw = res.headers['set-cookie'];
  for (const line of Array.isArray(raw) ? raw : raw ? [raw] : []) {
    const [pair] = line.split(';');
    const [name, ...rest] = pair!.split('=');
    const value = rest.join('=');
    if (value === '' || /max-age=0/i.test(line)) jar.delete(name!);
    else jar.set(name!, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/**
 * POST /api/auth/sign-up/email as a browser would; it never signs in (docs/product-rules.md#accounts).
 * Its only cookie is the pending sign-up, which lets the verification link confirm in this browser.
 */
export async function postSignUp(ctx: TestContext, email: string, password = 'correct horse battery') {
  return ctx.app.server.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: SAME_ORIGIN,
    payload: { email, password, confirmPassword: password },
  });
}

/**
 * Signs up, then signs in with the same password, as a new user who has not clicked the link yet
 * would: `cookie` holds the session of an unconfirmed user and the pending sign-up.
 */
export async function signUp(ctx: TestContext, email: string, password = 'correct horse battery') {
  const res = await postSignUp(ctx, email, password);
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const signedIn = await signIn(ctx, email, password);
  if (signedIn.res.statusCode !== 200) throw new Error(`sign-in after sign-up failed: ${signedIn.res.statusCode} ${signedIn.res.body}`);
  return { res, cookie: cookiesFrom(signedIn.res, cookiesFrom(res)) };
}

/**
 * Follows the link of the verification email the way a browser would; returns the new cookie. It
 * signs in only with the pending sign-up cookie of the browser that signed up (`cookie`).
 */
export async function verifyByEmail(ctx: TestContext, email: string, cookie = ''): Promise<string> {
  const mail = await waitForEmail(ctx.outboxDir, email, 'Verify your email');
  const link = new URL(mail.links[0]!);
  const res = await ctx.app.server.inject({ method: 'GET', url: `${link.pathname}${link.search}`, headers: cookie ? { cookie } : {} });
  // better-auth answers a refused token with a 302 too (to `?error=…`), and then sets no session.
  const location = res.headers.location ?? '';
  const signedIn = cookiesFrom(res, cookie);
  if (res.statusCode !== 302 || location.includes('error=') || !signedIn.includes('session_token=')) {
    throw new Error(`verification of ${email} failed: ${res.statusCode} to ${location || '(nowhere)'} from ${mail.file}: ${res.body}`);
  }
  return signedIn;
}

/** A signed-in user with a confirmed email: sign-up, email, the verification link in the same browser (which signs in). */
export async function signUpVerified(ctx: TestContext, email: string, password = 'correct horse battery'): Promise<string> {
  const res = await postSignUp(ctx, email, password);
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return verifyByEmail(ctx, email, cookiesFrom(res));
}

export async function signIn(ctx: TestContext, email: string, password: string) {
  const res = await ctx.app.server.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: SAME_ORIGIN,
    payload: { email, password },
  });
  return { res, cookie: cookiesFrom(res) };
}

/** A confirmed, signed-in user without going through email (for contexts that run no workers). */
export async function verifiedUser(ctx: TestContext, email: string, password = 'correct horse battery'): Promise<string> {
  const user = await ensureVerifiedUser(ctx.database.db, email, password);
  await ctx.services.account.setUp(user);
  const { res, cookie } = await signIn(ctx, email, password);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return cookie;
}

/** The id of the user with this email (who must exist). */
export async function userIdOf(ctx: TestContext, email: string): Promise<string> {
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}
