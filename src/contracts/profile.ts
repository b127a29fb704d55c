import { z } from 'zod';
import { defineContract } from './contract.ts';
import { optionalText, optionalUrl, text } from './fields.ts';
import { SessionUser } from './auth.ts';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** What users read about their profile and avatar. */
export const profileMessages = {
  avatarTooLarge: 'Image size must be less than 5MB',
  avatarNotImage: 'Please choose a PNG, JPG, GIF or WebP image.',
  displayNameRequired: 'Display name is required',
  displayNameTooLong: 'Display name must be at most 60 characters',
  bioTooLong: 'Bio must be at most 500 characters',
  locationTooLong: 'Location must be at most 100 characters',
  occupationTooLong: 'Occupation must be at most 100 characters',
} as const;

export const Profile = z
  .object({
    userId: z.string(),
    displayName: z.string(),
    avatarUrl: z.string().nullable(),
    bio: z.string().nullable(),
    location: z.string().nullable(),
    occupation: z.string().nullable(),
    twitterUrl: z.string().nullable(),
    instagramUrl: z.string().nullable(),
    tiktokUrl: z.string().nullable(),
    websiteUrl: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof Profile>;

/** Shown as plain text everywhere; control and direction-override characters are removed on save. */
const displayName = text({
  required: profileMessages.displayNameRequired,
  max: [60, profileMessages.displayNameTooLong],
  name: true,
});

export const UpdateProfileRequest = z
  .object({
    displayName,
    bio: optionalText({ max: [500, profileMessages.bioTooLong], multiline: true }),
    location: optionalText({ max: [100, profileMessages.locationTooLong] }),
    occupation: optionalText({ max: [100, profileMessages.occupationTooLong] }),
    twitterUrl: optionalUrl('Twitter URL'),
    instagramUrl: optionalUrl('Instagram URL'),
    tiktokUrl: optionalUrl('TikTok URL'),
    websiteUrl: optionalUrl('Website URL'),
  })
  .strict()
  .meta({ id: 'UpdateProfileRequest' });
export type UpdateProfileInput = z.input<typeof UpdateProfileRequest>;

export const CompleteProfileRequest = z.object({ displayName }).strict().meta({ id: 'CompleteProfileRequest' });

/** Everything the app shell needs about the signed-in user, in one request. */
export const Me = z
  .object({
    user: SessionUser,
    profile: Profile,
    isSuperAdmin: z.boolean(),
    credits: z.number().int(),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof Me>;

export const getMe = defineContract({
  method: 'GET',
  path: '/api/me',
  summary: 'The signed-in user, profile, role and credit balance (creates the profile if missing)',
  tags: ['account'],
  status: 200,
  response: Me,
  errors: [401],
  auth: 'user',
});

export const getSession = defineContract({
  method: 'GET',
  path: '/api/session',
  summary: 'Who is signed in: Me, or null for visitors (for the web app; /api/me answers 401 instead)',
  tags: ['account'],
  status: 200,
  response: z.object({ me: Me.nullable() }),
  auth: 'public',
});

export const getProfile = defineContract({
  method: 'GET',
  path: '/api/profile',
  summary: "The signed-in user's profile",
  tags: ['profile'],
  status: 200,
  response: Profile,
  errors: [401, 403],
  auth: 'verified',
});

export const updateProfile = defineContract({
  method: 'PUT',
  path: '/api/profile',
  summary: "Update the signed-in user's profile",
  tags: ['profile'],
  body: UpdateProfileRequest,
  status: 200,
  response: Profile,
  errors: [400, 401, 403],
  auth: 'verified',
});

export const completeProfile = defineContract({
  method: 'POST',
  path: '/api/profile/complete',
  summary: 'Onboarding: set the display name',
  tags: ['profile'],
  body: CompleteProfileRequest,
  status: 200,
  response: Profile,
  errors: [400, 401, 403],
  auth: 'verified',
});

export const uploadAvatar = defineContract({
  method: 'POST',
  path: '/api/profile/avatar',
  summary: 'Upload a new avatar (multipart field "file"; PNG, JPEG, GIF or WebP under 5 MB)',
  tags: ['profile'],
  consumes: 'multipart/form-data',
  status: 200,
  response: Profile,
  errors: [400, 401, 403, 413, 415],
  auth: 'verified',
});

export const deleteAvatar = defineContract({
  method: 'DELETE',
  path: '/api/profile/avatar',
  summary: 'Remove the avatar',
  tags: ['profile'],
  status: 200,
  response: Profile,
  errors: [401, 403],
  auth: 'verified',
});
