import { profileMessages } from '#contracts/profile.ts';
import { AVATAR_MAX_BYTES } from '#contracts/profile.ts';

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Why a chosen file cannot be an avatar, checked before uploading (the server checks the bytes again). */
export function avatarFileProblem(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return profileMessages.avatarNotImage;
  if (file.size > AVATAR_MAX_BYTES) return profileMessages.avatarTooLarge;
  return null;
}
