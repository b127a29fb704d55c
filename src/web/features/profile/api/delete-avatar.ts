import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { storeProfile } from './store-profile.ts';
import { deleteAvatar } from '#contracts/routes.ts';

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
