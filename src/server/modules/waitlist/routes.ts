import type { FastifyInstance } from 'fastify';
import { messages } from '../../../contracts/messages.ts';
import { joinWaitlist } from '../../../contracts/waitlist.ts';
import { waitlistRateLimit } from '../../../contracts/limits.ts';
import { registerRoute } from '../../http/register-route.ts';
import { clientIp, type RateLimiter } from '../../http/rate-limit.ts';
import type { WaitlistService } from './service.ts';

export function registerWaitlistRoutes(app: FastifyInstance, deps: { waitlist: WaitlistService; rateLimiter: RateLimiter }): void {
  registerRoute(app, joinWaitlist, {
    handler: async (req) => {
      await deps.rateLimiter.hit(waitlistRateLimit, clientIp(req), messages.waitlist.rateLimited);
      const entry = await deps.waitlist.join(req.body);
      return { id: entry.id, email: entry.email, status: entry.status };
    },
  });
}
