import type { Profile, UpdateProfileRequest } from '#contracts/profile.ts';
import type { z } from 'zod';
import { AVATAR_MAX_BYTES } from '#contracts/profile.ts';
import { profileMessages } from '#contracts/profile.ts';
import { cleanName } from '#contracts/fields.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { inspectImage, renderAvatar } from '../../lib/images.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { findProfile, insertProfileIfMissing, updateProfileRow, type ProfileRow } from './repo.ts';

/**
 * The spec's default display name: the part of the email before '@', else 'User'; cleaned like a
 * typed name (docs/product-rules.md#texts-users-see).
 */
export function defaultDisplayName(email: string | null | undefined): string {
  const local = cleanName((email ?? '').split('@')[0] ?? '');
  return local === '' ? 'User' : local.slice(0, 60);
}

/** The avatar key is reused on every upload; the version (the profile's updated_at in ms) defeats long-lived caches. */
export function avatarUrl(storage: Storage, avatarKey: string | null, versionMs: number | string): string | null {
  return avatarKey ? `${storage.publicUrl(avatarKey)}?v=${versionMs}` : null;
}

export interface ProfileService {
  /** The profile if it exists (no write). */
  find(userId: string): Promise<Profile | undefined>;
  /** The profile, created with the default display name when missing. */
  get(userId: string, email: string): Promise<Profile>;
  update(userId: string, email: string, data: z.output<typeof UpdateProfileRequest>): Promise<Profile>;
  /** Onboarding: only the display name changes. */
  rename(userId: string, email: string, displayName: string): Promise<Profile>;
  setAvatar(userId: string, email: string, data: Buffer): Promise<Profile>;
  deleteAvatar(userId: string, email: string): Promise<Profile>;
}

export function createProfileService(deps: { db: Db; storage: Storage }): ProfileService {
  const toProfile = (row: ProfileRow): Profile => ({
    userId: row.userId,
    displayName: row.displayName,
    avatarUrl: avatarUrl(deps.storage, row.avatarKey, row.updatedAt.getTime()),
    bio: row.bio,
    location: row.location,
    occupation: row.occupation,
    twitterUrl: row.twitterUrl,
    instagramUrl: row.instagramUrl,
    tiktokUrl: row.tiktokUrl,
    websiteUrl: row.websiteUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  const ensureRow = async (userId: string, email: string) =>
    (await findProfile(deps.db, userId)) ?? (await insertProfileIfMissing(deps.db, userId, defaultDisplayName(email)));

  return {
    async find(userId) {
      const row = await findProfile(deps.db, userId);
      return row ? toProfile(row) : undefined;
    },
    async get(userId, email) {
      return toProfile(await ensureRow(userId, email));
    },
    async update(userId, email, data) {
      await ensureRow(userId, email);
      return toProfile((await updateProfileRow(deps.db, userId, data))!);
    },
    async rename(userId, email, displayName) {
      await ensureRow(userId, email);
      return toProfile((await updateProfileRow(deps.db, userId, { displayName }))!);
    },
    async setAvatar(userId, email, data) {
      if (data.length > AVATAR_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', profileMessages.avatarTooLarge);
      await inspectImage(data, { notImageMessage: profileMessages.avatarNotImage });
      const before = await ensureRow(userId, email);
      const key = `avatars/${userId}/avatar.webp`;
      await deps.storage.put(key, await renderAvatar(data), { contentType: 'image/webp', visibility: 'public' });
      if (before.avatarKey && before.avatarKey !== key) await deps.storage.delete(before.avatarKey);
      return toProfile((await updateProfileRow(deps.db, userId, { avatarKey: key }))!);
    },
    async deleteAvatar(userId, email) {
      const before = await ensureRow(userId, email);
      const row = (await updateProfileRow(deps.db, userId, { avatarKey: null }))!;
      if (before.avatarKey) await deps.storage.delete(before.avatarKey);
      return toProfile(row);
    },
  };
}
