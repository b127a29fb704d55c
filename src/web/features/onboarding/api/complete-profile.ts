import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { meQueryOptions } from '#web/lib/session/me.ts';
import { completeProfile } from '#contracts/routes.ts';

export function saveDisplayName(displayName: string) {
  return callApi(completeProfile, { body: { displayName } });
}

/** Onboarding's one step; the saved profile goes straight into the session so the header shows the name. */
export function useCompleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['profile', 'complete'],
    mutationFn: saveDisplayName,
    onSuccess: (profile) => queryClient.setQueryData(meQueryOptions.queryKey, (me) => (me ? { ...me, profile } : me)),
  });
}
