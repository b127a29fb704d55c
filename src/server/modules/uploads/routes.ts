import type { FastifyInstance } from 'fastify';
import { createUpload, UPLOAD_MAX_BYTES } from '../../../contracts/uploads.ts';
import { uploadRateLimit } from '../../../contracts/limits.ts';
import { readSingleFile } from '../../http/multipart.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { registerRoute } from '../../http/register-route.ts';
import { AppError } from '../../lib/app-error.ts';
import { currentUser, type SessionGuard } from '../auth/session-guard.ts';
import { uploadMessages, type UploadService } from './service.ts';

export function registerUploadRoutes(
  app: FastifyInstance,
  deps: { uploads: UploadService; guard: SessionGuard; rateLimiter: RateLimiter },
): void {
  registerRoute(app, createUpload, {
    preHandler: deps.guard.requireVerifiedUser,
    bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024,
    handler: async (req) => {
      const user = currentUser(req);
      await deps.rateLimiter.hit(uploadRateLimit, user.id);
      const file = await readSingleFile(req, { maxBytes: UPLOAD_MAX_BYTES, tooLargeMessage: uploadMessages.tooLarge });
      if (!file) throw new AppError('BAD_REQUEST', uploadMessages.missing);
      return deps.uploads.store(user.id, file);
    },
  });
}
