import { getKlipRendition, getKlipSocialImage } from '#contracts/klips.ts';
import { socialImageRateLimit } from '#contracts/limits.ts';
import { clientIp, type RateLimiter } from '../../http/rate-limit.ts';
import { ANSWERED, type Router } from '../../http/router.ts';
import type { KlipRenditions } from './renditions.ts';
import type { KlipSharePreview } from './share-preview.ts';

/** Link crawlers may keep the preview picture for an hour, so a klip made private stops unfurling soon after. */
const SOCIAL_IMAGE_CACHE = 'public, max-age=3600';

export function registerKlipShareRoutes(
  router: Router,
  deps: { klipSharePreview: KlipSharePreview; klipRenditions: KlipRenditions; rateLimiter: RateLimiter },
): void {
  router.add(getKlipRendition, {
    handler: async ({ params, viewer, reply }) => {
      const rendition = await deps.klipRenditions.get(params.id, Number(params.width), viewer);
      reply
        .header('Content-Type', 'image/webp')
        .header('Cache-Control', rendition.cacheControl)
        .header('X-Content-Type-Options', 'nosniff');
      await reply.send(rendition.data);
      return ANSWERED;
    },
  });

  router.add(getKlipSocialImage, {
    handler: async ({ req, params, reply }) => {
      // Anyone may ask, without signing in: each address gets a budget, stored cards included.
      await deps.rateLimiter.hit(socialImageRateLimit, clientIp(req));
      const jpeg = await deps.klipSharePreview.socialImage(params.id);
      reply.header('Content-Type', 'image/jpeg').header('Cache-Control', SOCIAL_IMAGE_CACHE);
      await reply.send(jpeg);
      return ANSWERED;
    },
  });
}
