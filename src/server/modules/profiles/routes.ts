import {
  AVATAR_MAX_BYTES,
  completeProfile,
  deleteAvatar,
  getProfile,
  profileMessages,
  updateProfile,
  uploadAvatar,
} from '#contracts/profile.ts';
import { uploadMessages } from '#contracts/uploads.ts';
import { readSingleFile } from '../../http/multipart.ts';
import type { Router } from '../../http/router.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ProfileService } from './service.ts';

/** Every profile route works on the signed-in user's own profile: there is no user id to tamper with. */
export function registerProfileRoutes(router: Router, deps: { profiles: ProfileService }): void {
  const { profiles } = deps;

  router.add(getProfile, {
    handler: async ({ user }) => profiles.get(user.id, user.email),
  });

  router.add(updateProfile, {
    handler: async ({ user, body }) => profiles.update(user.id, user.email, body),
  });

  router.add(completeProfile, {
    handler: async ({ user, body }) => profiles.rename(user.id, user.email, body.displayName),
  });

  router.add(uploadAvatar, {
    handler: async ({ req, user }) => {
      const file = await readSingleFile(req, { maxBytes: AVATAR_MAX_BYTES, tooLargeMessage: profileMessages.avatarTooLarge });
      if (!file) throw new AppError('BAD_REQUEST', uploadMessages.missing);
      return profiles.setAvatar(user.id, user.email, file.data);
    },
  });

  router.add(deleteAvatar, {
    handler: async ({ user }) => profiles.deleteAvatar(user.id, user.email),
  });
}
