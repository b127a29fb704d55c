import {
  BRAND_FONT_MAX_BYTES,
  BRAND_LOGO_MAX_BYTES,
  brandKitMessages,
  createBrandKit,
  deleteBrandFont,
  deleteBrandKit,
  listBrandKits,
  makeDefaultBrandKit,
  removeBrandLogo,
  updateBrandKit,
  uploadBrandFont,
  uploadBrandLogo,
} from '#contracts/brand-kits.ts';
import { brandFileRateLimit } from '#contracts/limits.ts';
import { uploadMessages } from '#contracts/uploads.ts';
import { readSingleFile } from '../../http/multipart.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { Router } from '../../http/router.ts';
import { AppError } from '../../lib/app-error.ts';
import type { BrandKitService } from './service.ts';

/** Brand kits, logos and fonts; the router already answered 404 to non-members and 403 PLAN_REQUIRED without the plan. */
export function registerBrandKitRoutes(router: Router, deps: { brandKits: BrandKitService; rateLimiter: RateLimiter }): void {
  const { kits, files } = deps.brandKits;
  const { rateLimiter } = deps;

  router.add(listBrandKits, { handler: ({ user, params }) => kits.list(user, params.workspaceId) });
  router.add(createBrandKit, { handler: ({ user, params, body }) => kits.create(user, params.workspaceId, body) });
  router.add(updateBrandKit, { handler: ({ user, params, body }) => kits.update(user, params.workspaceId, params.kitId, body) });
  router.add(makeDefaultBrandKit, { handler: ({ user, params }) => kits.makeDefault(user, params.workspaceId, params.kitId) });
  router.add(deleteBrandKit, { handler: ({ user, params }) => kits.remove(user, params.workspaceId, params.kitId) });

  router.add(uploadBrandLogo, {
    handler: async ({ req, user, params }) => {
      await rateLimiter.hit(brandFileRateLimit, user.id);
      const file = await readSingleFile(req, { maxBytes: BRAND_LOGO_MAX_BYTES, tooLargeMessage: brandKitMessages.logoTooLarge });
      if (!file) throw new AppError('BAD_REQUEST', uploadMessages.missing);
      return files.uploadLogo(user, params.workspaceId, params.kitId, params.variant, file.data);
    },
  });
  router.add(removeBrandLogo, { handler: ({ user, params }) => files.removeLogo(user, params.workspaceId, params.kitId, params.variant) });

  router.add(uploadBrandFont, {
    handler: async ({ req, user, params }) => {
      await rateLimiter.hit(brandFileRateLimit, user.id);
      const file = await readSingleFile(req, { maxBytes: BRAND_FONT_MAX_BYTES, tooLargeMessage: brandKitMessages.fontTooLarge });
      if (!file) throw new AppError('BAD_REQUEST', uploadMessages.missing);
      return files.uploadFont(user, params.workspaceId, file);
    },
  });
  router.add(deleteBrandFont, { handler: ({ user, params }) => files.removeFont(user, params.workspaceId, params.fontId) });
}
