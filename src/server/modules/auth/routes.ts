import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  authMessages,
  RESEND_COOLDOWN_SECONDS,
  requestPasswordReset,
  resendVerificationByEmail,
  requestSignInLink,
  resetPassword,
  signIn,
  signInWithLink,
  signOut,
  signUp,
  verifyEmailWithPassword,
} from '#contracts/auth.ts';
import { genericMessages } from '#contracts/errors.ts';
import { authRateLimits } from '#contracts/limits.ts';
import { paths } from '#contracts/paths.ts';
import { errorBody } from '../../http/error-handler.ts';
import { clientIp, type RateLimiter } from '../../http/rate-limit.ts';
import type { Router } from '../../http/router.ts';
import { AppError } from '../../lib/app-error.ts';
import { defaultDisplayName } from '../profiles/service.ts';
import type { Auth } from './auth.ts';
import {
  authError,
  bridgedEndpoints,
  callAuth,
  copyAuthHeaders,
  forwardedHeaders,
  isSafeSegment,
  readAnswer,
  type AuthAnswer,
} from './auth-bridge.ts';
import { PASSWORD_CHOICE_REQUIRED } from './auth-plugin.ts';
import { assertAcceptablePassword } from './password-rules.ts';
import type { AuthFlows } from './service.ts';

/** How long a sign-up takes at least, new address or not (better-auth uses the same floor for resends). */
export const SIGN_UP_MIN_MS = 500;

/** Runs `work` and answers no sooner than `ms` after it started (a timer: no CPU is spent waiting). */
async function atLeast<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = ms - (performance.now() - started);
    if (left > 0) await delay(left);
  }
}

interface AuthUserBody {
  user?: { id: string; email: string; emailVerified: boolean; createdAt: string | Date };
  /** The new session's token (sign-in); never passed on to the browser in a body. */
  token?: string;
}

function sessionUserOf(answer: AuthAnswer) {
  const user = (answer.body as AuthUserBody).user;
  if (!user) throw new AppError('INTERNAL', authMessages.noUserData);
  // The session token stays in its httpOnly cookie; it is never put in a body scripts can read.
  return { user: { id: user.id, email: user.email, emailVerified: user.emailVerified, createdAt: new Date(user.createdAt).toISOString() } };
}

/** The emailed links answer with better-auth's redirect (and cookie), never with its body. */
function answerLink(answer: AuthAnswer, reply: FastifyReply) {
  copyAuthHeaders(answer, reply);
  if (answer.status >= 300 && answer.status < 400) return reply.code(answer.status).send();
  const error = authError(answer, genericMessages.notFound);
  return reply.code(error.status).send(errorBody(error.code, error.message));
}

/**
 * Klipt's auth endpoints. Each better-auth endpoint Klipt uses has a route of its own that passes
 * the rate limiter first and hands better-auth a URL built from the endpoint's constant path
 * (auth-bridge.ts); there is no catch-all, so `..`, `%2e%2e` or an endpoint Klipt does not serve
 * is a 404 (docs/operations.md#sign-in-and-account-limits).
 */
export function registerAuthRoutes(
  router: Router,
  deps: { auth: Auth; authFlows: AuthFlows; appUrl: string; rateLimiter: RateLimiter },
): void {
  const { auth, authFlows, appUrl, rateLimiter } = deps;
  const limits = authRateLimits;

  // The same answer, the same cookie (no session) and nearly the same work for a new address and for
  // one that has an account: better-auth hashes the password either way and, for an existing account,
  // emails its owner instead (docs/product-rules.md#accounts).
  router.add(signUp, {
    handler: async ({ req, reply, body }) => {
      const { email, password } = body;
      await rateLimiter.hit(limits.signUpIp, clientIp(req));
      await rateLimiter.hit(limits.signUpEmail, email);
      assertAcceptablePassword(password, email);
      const refusal = await authFlows.registrationRefusal(email);
      if (refusal) throw new AppError('FORBIDDEN', refusal.message);
      // Last, so that only a sign-up that will hash a password and send an email spends it.
      await authFlows.signUpBudget.spendSignUp();
      // Creating an account writes a few more rows than noticing an existing one: both take at
      // least SIGN_UP_MIN_MS, so the time of the answer does not tell them apart either.
      const answer = await atLeast(SIGN_UP_MIN_MS, async () => {
        const created = await callAuth(auth, appUrl, bridgedEndpoints.signUp, req, {
          body: { email, password, name: defaultDisplayName(email), callbackURL: paths.onboarding },
        });
        if (created.status < 400) {
          // This browser chose the password of the account it just created: the emailed link confirms
          // at once here. For an address that had an account better-auth answers with a made-up id,
          // and the cookie (same shape) is bound to nothing (ADR 0019).
          const stored = await authFlows.credentialOf(email);
          const isNew = stored?.userId === (created.body as AuthUserBody).user?.id;
          const binding = isNew && stored?.passwordHash ? { userId: stored.userId, passwordHash: stored.passwordHash } : undefined;
          reply.header('set-cookie', authFlows.pendingSignUps.issue(binding));
        }
        return created;
      });
      if (answer.status >= 400) throw authError(answer, authMessages.signUpFailed);
      return { ok: true as const };
    },
  });

  router.add(signIn, {
    handler: async ({ req, reply, body }) => {
      const { email, password } = body;
      await rateLimiter.hit(limits.signInIp, clientIp(req));
      const attempt = await authFlows.signInLimits.begin({ email, ip: clientIp(req), cookieHeader: req.headers.cookie });
      const before = (await authFlows.credentialOf(email))?.passwordHash;
      const answer = await callAuth(auth, appUrl, bridgedEndpoints.signIn, req, { body: { email, password } });
      if (answer.status >= 400) throw authError(answer, authMessages.invalidCredentials);
      // The password was replaced while this sign-in checked the old one (a reset, or the owner
      // choosing it when confirming the address): its session must not outlive the change.
      if ((await authFlows.credentialOf(email))?.passwordHash !== before) {
        const { token } = answer.body as AuthUserBody;
        if (token) await authFlows.revokeSession(token);
        throw new AppError('UNAUTHENTICATED', authMessages.invalidCredentials);
      }
      const { setCookie } = await attempt.succeeded();
      copyAuthHeaders(answer, reply);
      reply.header('set-cookie', setCookie);
      return sessionUserOf(answer);
    },
  });

  router.add(signOut, {
    handler: async ({ req, reply }) => {
      await rateLimiter.hit(limits.signOutIp, clientIp(req));
      const answer = await callAuth(auth, appUrl, bridgedEndpoints.signOut, req, { body: {} });
      copyAuthHeaders(answer, reply);
      if (answer.status >= 500) throw authError(answer, authMessages.signOutFailed);
      return { ok: true as const };
    },
  });

  // "Email me a sign-in link", offered when sign-in is refused by a limit: only queues the job that
  // looks the address up, so the work and the answer are the same for any address.
  router.add(requestSignInLink, {
    handler: async ({ req, body }) => {
      await rateLimiter.hit(limits.signInLinkIp, clientIp(req));
      await rateLimiter.hit(limits.signInLinkEmail, body.email);
      await authFlows.queueSignInLink(body.email);
      return { ok: true as const };
    },
  });

  // The emailed link's page posts its token: one session, and this browser becomes a known device.
  router.add(signInWithLink, {
    handler: async ({ req, reply, body }) => {
      await rateLimiter.hit(limits.authLinkIp, clientIp(req));
      const answer = await readAnswer(
        await auth.api.signInWithLink({ body: { token: body.token }, headers: forwardedHeaders(req), asResponse: true }),
      );
      if (answer.status >= 400) throw authError(answer, authMessages.signInLinkInvalid);
      const result = sessionUserOf(answer);
      const { setCookie } = await authFlows.signInLimits.signedInByLink({
        email: result.user.email,
        ip: clientIp(req),
        cookieHeader: req.headers.cookie,
      });
      copyAuthHeaders(answer, reply);
      reply.header('set-cookie', setCookie);
      return result;
    },
  });

  // Only queues the job that looks the address up: the same work and answer for any address.
  router.add(requestPasswordReset, {
    handler: async ({ req, body }) => {
      const { email } = body;
      await rateLimiter.hit(limits.resetRequestIp, clientIp(req));
      await rateLimiter.hit(limits.resetRequestEmail, email);
      await authFlows.queuePasswordReset(email);
      return { ok: true as const };
    },
  });

  router.add(resetPassword, {
    handler: async ({ req, reply, body }) => {
      await rateLimiter.hit(limits.resetIp, clientIp(req));
      const { token, newPassword } = body;
      // A token that is not live gets better-auth's own answer (the link is invalid or expired).
      const email = await authFlows.resetTokenEmail(token);
      if (email !== undefined) assertAcceptablePassword(newPassword, email);
      const answer = await callAuth(auth, appUrl, bridgedEndpoints.resetPassword, req, { body: { token, newPassword } });
      if (answer.status >= 400) throw authError(answer, authMessages.resetFailed);
      // The reset link proved the address: this browser chose the current password, so a
      // verification link still to be followed here confirms at once (ADR 0019).
      const stored = email === undefined ? undefined : await authFlows.credentialOf(email);
      if (stored?.passwordHash && !stored.emailVerified) {
        reply.header('set-cookie', authFlows.pendingSignUps.issue({ userId: stored.userId, passwordHash: stored.passwordHash }));
      }
      return { ok: true as const };
    },
  });

  // For the sign-up form, whose visitor is not signed in: the same answer for any address.
  router.add(resendVerificationByEmail, {
    handler: async ({ req, body }) => {
      const { email } = body;
      await rateLimiter.cooldown({ name: 'resend:cooldown-email', max: 1, windowSeconds: RESEND_COOLDOWN_SECONDS }, email, (seconds) =>
        authMessages.resendCooldown(seconds),
      );
      await rateLimiter.hit(limits.resendIp, clientIp(req));
      await rateLimiter.hit(limits.resendEmail, email);
      await authFlows.signUpBudget.spendResend();
      await authFlows.queueVerification(email);
      return { ok: true as const, retryAfterSeconds: RESEND_COOLDOWN_SECONDS };
    },
  });

  // The verification email's link: in the browser that signed up, confirms the address, signs in and
  // goes on to onboarding. Anywhere else it opens the verify page, where the owner chooses the
  // password first (ADR 0019).
  router.server.route<{ Querystring: { token?: unknown } }>({
    method: 'GET',
    url: '/api/auth/verify-email',
    schema: { hide: true },
    handler: async (req, reply) => {
      await rateLimiter.hit(limits.authLinkIp, clientIp(req));
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      const answer = await callAuth(auth, appUrl, bridgedEndpoints.verifyEmail, req, {
        query: { token, callbackURL: paths.onboarding },
      });
      if (answer.status === 403 && (answer.body as { code?: string }).code === PASSWORD_CHOICE_REQUIRED) {
        const email = await authFlows.verificationLinkEmail(token);
        const query = new URLSearchParams({ token, ...(email ? { email } : {}) });
        return reply.redirect(`${paths.verifyEmail}?${query.toString()}`);
      }
      if (answer.headers.getSetCookie().some((c) => c.includes('session_token='))) {
        reply.header('set-cookie', authFlows.pendingSignUps.clear());
      }
      return answerLink(answer, reply);
    },
  });

  // The verify page's password step: rules first, then better-auth replaces the password, ends every
  // session, confirms the address and signs in (auth-plugin.ts).
  router.add(verifyEmailWithPassword, {
    handler: async ({ req, reply, body }) => {
      await rateLimiter.hit(limits.resetIp, clientIp(req));
      const { token, newPassword } = body;
      const email = await authFlows.verificationLinkEmail(token);
      if (email === undefined) throw new AppError('BAD_REQUEST', authMessages.verifyLinkInvalid);
      assertAcceptablePassword(newPassword, email);
      const answer = await readAnswer(
        await auth.api.verifyEmailWithPassword({ body: { token, newPassword }, headers: forwardedHeaders(req), asResponse: true }),
      );
      if (answer.status >= 400) throw authError(answer, authMessages.verifyWithPasswordFailed);
      copyAuthHeaders(answer, reply);
      reply.header('set-cookie', authFlows.pendingSignUps.clear());
      return sessionUserOf(answer);
    },
  });

  // The reset email's link: better-auth checks the token and redirects to the reset page with it.
  router.server.route<{ Params: { token: string } }>({
    method: 'GET',
    url: '/api/auth/reset-password/:token',
    schema: { hide: true },
    handler: async (req: FastifyRequest<{ Params: { token: string } }>, reply) => {
      await rateLimiter.hit(limits.authLinkIp, clientIp(req));
      const { token } = req.params;
      if (!isSafeSegment(token)) return reply.redirect(`${paths.resetPassword}?error=INVALID_TOKEN`);
      const answer = await callAuth(auth, appUrl, bridgedEndpoints.resetPasswordLink, req, {
        segment: token,
        query: { callbackURL: paths.resetPassword },
      });
      return answerLink(answer, reply);
    },
  });
}
