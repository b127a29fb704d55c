import type { Profile, UpdateProfileInput } from '#contracts/profile.ts';

export type ProfileFormValues = { [K in keyof UpdateProfileInput]-?: string };

export const socialFields = ['twitterUrl', 'instagramUrl', 'tiktokUrl', 'websiteUrl'] as const;

/** The form edits strings; empty ones are sent as null by the contract schema. */
export function profileFormValues(profile: Profile): ProfileFormValues {
  return {
    displayName: profile.displayName,
    bio: profile.bio ?? '',
    location: profile.location ?? '',
    occupation: profile.occupation ?? '',
    twitterUrl: profile.twitterUrl ?? '',
    instagramUrl: profile.instagramUrl ?? '',
    tiktokUrl: profile.tiktokUrl ?? '',
    websiteUrl: profile.websiteUrl ?? '',
  };
}
