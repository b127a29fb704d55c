import type { FastifyInstance } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { resendVerification } from '../../../contracts/auth.ts';
import { RESEND_COOLDOWN_SECONDS } from '../../../contracts/auth.ts';
import { authRateLimits } from '../../../contracts/limits.ts';
import { messages } from '../../../contracts/messages.ts';
import { paths } from '../../../contracts/paths.ts';
import { getMe, getSession } from '../../../contracts/profile.ts';
import { registerRoute } from '../../http/register-route.ts';
import { clientIp, type RateLimiter } from '../../http/rate-limit.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Auth } from '../auth/auth.ts';
import { currentUser, type SessionGuard } from '../auth/session-guard.ts';
import type { AccountService } from './service.ts';

export function registerAccountRoutes(
  app: FastifyInstance,
  deps: { account: AccountService; guard: SessionGuard; auth: Auth; rateLimiter: RateLimiter },
): void {
  registerRoute(app, getMe, {
    // Unconfirmed users may read who they are (the verify page shows their email and polls this).
    preHandler: deps.guard.requireUser,
    handler: async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return deps.account.me(currentUser(req));
    },
  });

  // Visitors are a normal answer here, not an error: the app asks on every page load.
  registerRoute(app, getSession, {
    handler: async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const session = await deps.guard.load(req, reply);
      return { me: session ? await deps.account.me(session.user) : null };
    },
  });

  registerRoute(app, resendVerification, {
    preHandler: deps.guard.requireUser,
    handler: async (req) => {
      const user = currentUser(req);
      if (user.emailVerified) throw new AppError('CONFLICT', 'Your email address is already verified.');
      await deps.rateLimiter.cooldown({ name: 'resend:cooldown', max: 1, windowSeconds: RESEND_COOLDOWN_SECONDS }, user.id, (seconds) =>
        messages.auth.resendCooldown(seconds),
      );
      await deps.rateLimiter.hit(authRateLimits.resendIp, clientIp(req));
      await deps.rateLimiter.hit(authRateLimits.resendEmail, user.email);
      await deps.auth.api.sendVerificationEmail({
        body: { email: user.email, callbackURL: paths.onboarding },
        headers: fromNodeHeaders(req.headers),
      });
      return { ok: true as const, retryAfterSeconds: RESEND_COOLDOWN_SECONDS };
    },
  });
}
