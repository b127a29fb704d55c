import { requestPasswordReset, resetPassword, signIn, signOut, signUp } from '../../../contracts/auth.ts';
import { authRateLimits } from '../../../contracts/limits.ts';
import { authMessages } from '../../../contracts/auth.ts';
import { genericMessages } from '../../../contracts/errors.ts';
import type { Router } from '../../http/router.ts';
import { clientIp, type RateLimiter } from '../../http/rate-limit.ts';
import { errorBody } from '../../http/error-handler.ts';
import { paths } from '../../../contracts/paths.ts';
import { AppError } from '../../lib/app-error.ts';
import { defaultDisplayName } from '../profiles/service.ts';
import type { Auth } from './auth.ts';
import { authError, callAuth, copyAuthHeaders, type AuthAnswer } from './auth-bridge.ts';

interface AuthUserBody {
  user?: { id: string; email: string; emailVerified: boolean; createdAt: string | Date };
}

function sessionUserOf(answer: AuthAnswer) {
  const user = (answer.body as AuthUserBody).user;
  if (!user) throw new AppError('INTERNAL', authMessages.noUserData);
  // The session token stays in its httpOnly cookie; it is never put in a body scripts can read.
  return { user: { id: user.id, email: user.email, emailVerified: user.emailVerified, createdAt: new Date(user.createdAt).toISOString() } };
}

export function registerAuthRoutes(router: Router, deps: { auth: Auth; appUrl: string; rateLimiter: RateLimiter }): void {
  const { auth, appUrl, rateLimiter } = deps;
  const limits = authRateLimits;

  router.add(signUp, {
    handler: async ({ req, reply, body }) => {
      const { email, password } = body;
      await rateLimiter.hit(limits.signUpIp, clientIp(req));
      await rateLimiter.hit(limits.signUpEmail, email);
      const answer = await callAuth(auth, appUrl, req, { email, password, name: defaultDisplayName(email), callbackURL: paths.onboarding });
      if (answer.status >= 400) throw authError(answer, authMessages.signUpFailed);
      copyAuthHeaders(answer, reply);
      return sessionUserOf(answer);
    },
  });

  router.add(signIn, {
    handler: async ({ req, reply, body }) => {
      const { email, password } = body;
      await rateLimiter.hit(limits.signInIp, clientIp(req));
      await rateLimiter.hit(limits.signInEmail, email);
      const answer = await callAuth(auth, appUrl, req, { email, password });
      if (answer.status >= 400) throw authError(answer, authMessages.invalidCredentials);
      copyAuthHeaders(answer, reply);
      return sessionUserOf(answer);
    },
  });

  router.add(signOut, {
    handler: async ({ req, reply }) => {
      const answer = await callAuth(auth, appUrl, req, {});
      copyAuthHeaders(answer, reply);
      if (answer.status >= 500) throw authError(answer, authMessages.signOutFailed);
      return { ok: true as const };
    },
  });

  router.add(requestPasswordReset, {
    handler: async ({ req, body }) => {
      const { email } = body;
      await rateLimiter.hit(limits.resetRequestIp, clientIp(req));
      await rateLimiter.hit(limits.resetRequestEmail, email);
      // The same answer whether or not the account exists.
      const answer = await callAuth(auth, appUrl, req, { email, redirectTo: paths.resetPassword });
      if (answer.status >= 500) throw authError(answer, genericMessages.internal);
      return { ok: true as const };
    },
  });

  router.add(resetPassword, {
    handler: async ({ req, body }) => {
      await rateLimiter.hit(limits.resetIp, clientIp(req));
      const { token, newPassword } = body;
      const answer = await callAuth(auth, appUrl, req, { token, newPassword });
      if (answer.status >= 400) throw authError(answer, authMessages.resetFailed);
      return { ok: true as const };
    },
  });

  // Everything else better-auth serves that Klipt uses: the email verification link
  // (GET /verify-email), the reset link (GET /reset-password/:token) and get-session.
  router.server.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (req, reply) => {
      const answer = await callAuth(auth, appUrl, req);
      copyAuthHeaders(answer, reply);
      if (answer.status >= 300 && answer.status < 400) return reply.code(answer.status).send();
      if (answer.status >= 400) {
        const error = authError(answer, genericMessages.notFound);
        return reply.code(error.status).send(errorBody(error.code, error.message));
      }
      return reply.code(answer.status).send(answer.body);
    },
  });
}
