import type { FastifyInstance } from 'fastify';
import { messages } from '../../../contracts/messages.ts';
import { AVATAR_MAX_BYTES, completeProfile, deleteAvatar, getProfile, updateProfile, uploadAvatar } from '../../../contracts/profile.ts';
import { registerRoute } from '../../http/register-route.ts';
import { AppError } from '../../lib/app-error.ts';
import { currentUser, type SessionGuard } from '../auth/session-guard.ts';
import { readSingleFile } from '../../http/multipart.ts';
import type { ProfileService } from './service.ts';

/** Every profile route works on the signed-in user's own profile: there is no user id to tamper with. */
export function registerProfileRoutes(app: FastifyInstance, deps: { profiles: ProfileService; guard: SessionGuard }): void {
  const { profiles, guard } = deps;

  registerRoute(app, getProfile, {
    preHandler: guard.requireVerifiedUser,
    handler: async (req) => {
      const user = currentUser(req);
      return profiles.get(user.id, user.email);
    },
  });

  registerRoute(app, updateProfile, {
    preHandler: guard.requireVerifiedUser,
    handler: async (req) => {
      const user = currentUser(req);
      return profiles.update(user.id, user.email, req.body);
    },
  });

  registerRoute(app, completeProfile, {
    preHandler: guard.requireVerifiedUser,
    handler: async (req) => {
      const user = currentUser(req);
      return profiles.rename(user.id, user.email, req.body.displayName);
    },
  });

  registerRoute(app, uploadAvatar, {
    preHandler: guard.requireVerifiedUser,
    handler: async (req) => {
      const user = currentUser(req);
      const file = await readSingleFile(req, { maxBytes: AVATAR_MAX_BYTES, tooLargeMessage: messages.profile.avatarTooLarge });
      if (!file) throw new AppError('BAD_REQUEST', 'Choose an image to upload.');
      return profiles.setAvatar(user.id, user.email, file.data);
    },
  });

  registerRoute(app, deleteAvatar, {
    preHandler: guard.requireVerifiedUser,
    handler: async (req) => {
      const user = currentUser(req);
      return profiles.deleteAvatar(user.id, user.email);
    },
  });
}
