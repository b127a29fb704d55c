import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { UpdateProfileRequest } from '#contracts/profile.ts';
import { callApi } from '#web/lib/api-client.ts';
import { storeProfile } from './store-profile.ts';
import { updateProfile } from '#contracts/routes.ts';

export type UpdateProfileData = z.output<typeof UpdateProfileRequest>;

export function saveProfile(body: UpdateProfileData) {
  return callApi(updateProfile, { body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['profile', 'update'],
    mutationFn: saveProfile,
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}
