import { authMessages, RESEND_COOLDOWN_SECONDS, resendVerification } from '#contracts/auth.ts';
import { authRateLimits } from '#contracts/limits.ts';
import { getMe, getSession } from '#contracts/profile.ts';
import { clientIp, type RateLimiter } from '../../http/rate-limit.ts';
import type { Router } from '../../http/router.ts';
import type { AuthFlows } from '../auth/service.ts';
import type { AccountService } from './service.ts';

export function registerAccountRoutes(
  router: Router,
  deps: { account: AccountService; rateLimiter: RateLimiter; authFlows: Pick<AuthFlows, 'signUpBudget'> },
): void {
  // Unconfirmed users may read who they are (the verify page shows their email and polls this).
  router.add(getMe, {
    handler: async ({ user, reply }) => {
      reply.header('Cache-Control', 'no-store');
      return deps.account.me(user);
    },
  });

  // Visitors are a normal answer here, not an error: the app asks on every page load.
  router.add(getSession, {
    handler: async ({ reply, viewer }) => {
      reply.header('Cache-Control', 'no-store');
      const user = await viewer();
      return { me: user ? await deps.account.me(user) : null };
    },
  });

  router.add(resendVerification, {
    handler: async ({ req, user }) => {
      if (!user.emailVerified) {
        await deps.rateLimiter.cooldown({ name: 'resend:cooldown', max: 1, windowSeconds: RESEND_COOLDOWN_SECONDS }, user.id, (seconds) =>
          authMessages.resendCooldown(seconds),
        );
        await deps.rateLimiter.hit(authRateLimits.resendIp, clientIp(req));
        await deps.rateLimiter.hit(authRateLimits.resendEmail, user.email);
        await deps.authFlows.signUpBudget.spendResend();
      }
      await deps.account.resendVerification(user);
      return { ok: true as const, retryAfterSeconds: RESEND_COOLDOWN_SECONDS };
    },
  });
}
