import { joinWaitlist, waitlistMessages } from '#contracts/waitlist.ts';
import { waitlistRateLimit } from '#contracts/limits.ts';
import { clientIp, type RateLimiter } from '../../http/rate-limit.ts';
import type { Router } from '../../http/router.ts';
import type { WaitlistService } from './service.ts';

export function registerWaitlistRoutes(router: Router, deps: { waitlist: WaitlistService; rateLimiter: RateLimiter }): void {
  router.add(joinWaitlist, {
    handler: async ({ req, body }) => {
      await deps.rateLimiter.hit(waitlistRateLimit, clientIp(req), waitlistMessages.rateLimited);
      const entry = await deps.waitlist.join(body);
      return { id: entry.id, email: entry.email, status: entry.status };
    },
  });
}
