import { getKlipRendition, getKlipSocialImage } from '#contracts/klips.ts';
import { socialImageRateLimit } from '#contracts/limits.ts';
import { clientIp, type RateLimiter } from '../../http/rate-limit.ts';
import { ANSWERED, type Router } from '../../http/router.ts';
import type { KlipRenditions } from './renditions.ts';
import type { KlipSharePreview } from './share-preview.ts';

/** Link crawlers may keep the preview picture for an hour, so a klip made private stops unfurling soon after. */
const SOCIAL_IMAGE_CACHE = 'public, max-age=3600';

/**
 * A public klip's copies follow the klip's other files (an hour in any cache, so a klip made private soon leaves shared
 * caches; their URLs name the picture, so within that hour a URL never serves other bytes); a private klip's only the
 * allowed viewer's own browser keeps, for as long as a signed file URL lives.
 */
const PUBLIC_RENDITION_CACHE = 'public, max-age=3600';
const PRIVATE_RENDITION_CACHE = 'private, max-age=300';

export function registerKlipShareRoutes(
  router: Router,
  deps: { klipSharePreview: KlipSharePreview; klipRenditions: KlipRenditions; rateLimiter: RateLimiter },
): void {
  router.add(getKlipRendition, {
    handler: async ({ params, viewer, reply }) => {
      const rendition = await deps.klipRenditions.get(params.id, Number(params.width), viewer);
      reply
        .header('Content-Type', 'image/webp')
        .header('Cache-Control', rendition.isPublic ? PUBLIC_RENDITION_CACHE : PRIVATE_RENDITION_CACHE)
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
