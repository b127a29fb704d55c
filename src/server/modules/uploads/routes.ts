import { createUpload, UPLOAD_MAX_BYTES, uploadMessages } from '#contracts/uploads.ts';
import { uploadRateLimit } from '#contracts/limits.ts';
import { withSingleFileOnDisk } from '../../http/multipart.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { Router } from '../../http/router.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UploadService } from './service.ts';

export function registerUploadRoutes(router: Router, deps: { uploads: UploadService; rateLimiter: RateLimiter }): void {
  router.add(createUpload, {
    handler: async ({ req, user }) => {
      await deps.rateLimiter.hit(uploadRateLimit, user.id);
      return withSingleFileOnDisk(req, { maxBytes: UPLOAD_MAX_BYTES, tooLargeMessage: uploadMessages.tooLarge }, async (file) => {
        if (!file) throw new AppError('BAD_REQUEST', uploadMessages.missing);
        return deps.uploads.store(user, { data: file.path, filename: file.filename });
      });
    },
  });
}
