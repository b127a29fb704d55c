import { downloadAdSet, makeAds, previewAd } from '#contracts/ads.ts';
import { downloadHeaders } from '../../http/content-disposition.ts';
import { ANSWERED, type Router } from '../../http/router.ts';
import type { AdService } from './service.ts';

/** Ads made from klips (docs/product-rules.md#ad-creatives): preview, make, download a set. */
export function registerAdRoutes(router: Router, deps: { ads: AdService }): void {
  router.add(previewAd, {
    handler: async ({ user, params, body, reply }) => {
      const data = await deps.ads.preview(user, params.id, body);
      reply.header('Content-Type', 'image/webp').header('Cache-Control', 'private, no-store');
      await reply.send(data);
      return ANSWERED;
    },
  });
  router.add(makeAds, { handler: async ({ user, params, body }) => deps.ads.make(user, params.id, body) });
  router.add(downloadAdSet, {
    compress: false,
    handler: async ({ user, params, reply }) => {
      const zip = await deps.ads.zip(user, params.id);
      reply.headers(downloadHeaders('application/zip', zip.fileName));
      await reply.send(zip.stream);
      return ANSWERED;
    },
  });
}
