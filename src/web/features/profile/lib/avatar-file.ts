import { messages } from '../../../../contracts/messages.ts';
import { AVATAR_MAX_BYTES } from '../../../../contracts/profile.ts';

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Why a chosen file cannot be an avatar, checked before uploading (the server checks the bytes again). */
export function avatarFileProblem(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return messages.profile.avatarNotImage;
  if (file.size > AVATAR_MAX_BYTES) return messages.profile.avatarTooLarge;
  return null;
}
