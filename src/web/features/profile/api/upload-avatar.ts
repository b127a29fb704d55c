import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '#contracts/profile.ts';
import { uploadFile } from '#web/lib/api-client.ts';
import { storeProfile } from './store-profile.ts';
import { uploadAvatar } from '#contracts/routes.ts';

/** POST /api/profile/avatar as multipart (field "file"). */
export function uploadAvatarFile(file: File): Promise<Profile> {
  return uploadFile(uploadAvatar, file);
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['profile', 'avatar', 'upload'],
    mutationFn: uploadAvatarFile,
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}
