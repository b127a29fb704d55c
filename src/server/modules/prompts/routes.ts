import { promptHelperRateLimit } from '#contracts/limits.ts';
import { enhancePrompt, rewritePrompt } from '#contracts/prompts.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { Router } from '../../http/router.ts';
import type { BrandKitService } from '../brand-kits/service.ts';
import type { PromptService } from './service.ts';

export function registerPromptRoutes(
  router: Router,
  deps: { prompts: PromptService; brandKits: BrandKitService; rateLimiter: RateLimiter },
): void {
  router.add(enhancePrompt, {
    handler: async ({ user, body }) => {
      await deps.rateLimiter.hit(promptHelperRateLimit, user.id);
      const choice = await deps.brandKits.choose(user, body.brandKitId);
      return deps.prompts.enhance(body.prompt, body.kind, choice?.brand);
    },
  });
  router.add(rewritePrompt, {
    handler: async ({ user, body }) => {
      await deps.rateLimiter.hit(promptHelperRateLimit, user.id);
      const choice = await deps.brandKits.choose(user, body.brandKitId);
      return deps.prompts.rewrite(body.prompt, body.goal, body.kind, choice?.brand);
    },
  });
}
