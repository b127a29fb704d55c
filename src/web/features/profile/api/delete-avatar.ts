import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteAvatar } from '#contracts/profile.ts';
import { callApi } from '#web/lib/api-client.ts';
import { storeProfile } from './store-profile.ts';

export function removeAvatar() {
  return callApi(deleteAvatar);
}

export function useDeleteAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['profile', 'avatar', 'delete'],
    mutationFn: removeAvatar,
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}
