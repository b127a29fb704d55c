import type { FastifyInstance } from 'fastify';
import { promptHelperRateLimit } from '../../../contracts/limits.ts';
import { enhancePrompt, rewritePrompt } from '../../../contracts/prompts.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { registerRoute } from '../../http/register-route.ts';
import { currentUser, type SessionGuard } from '../auth/session-guard.ts';
import type { PromptService } from './service.ts';

export function registerPromptRoutes(
  app: FastifyInstance,
  deps: { prompts: PromptService; guard: SessionGuard; rateLimiter: RateLimiter },
): void {
  registerRoute(app, enhancePrompt, {
    preHandler: deps.guard.requireVerifiedUser,
    handler: async (req) => {
      await deps.rateLimiter.hit(promptHelperRateLimit, currentUser(req).id);
      return deps.prompts.enhance(req.body.prompt, req.body.kind);
    },
  });
  registerRoute(app, rewritePrompt, {
    preHandler: deps.guard.requireVerifiedUser,
    handler: async (req) => {
      await deps.rateLimiter.hit(promptHelperRateLimit, currentUser(req).id);
      return deps.prompts.rewrite(req.body.prompt, req.body.goal, req.body.kind);
    },
  });
}
