import { useMutation } from '@tanstack/react-query';
import type { JoinWaitlistData } from '#contracts/waitlist.ts';
import { callApi } from '#web/lib/api-client.ts';
import { joinWaitlist } from '#contracts/routes.ts';

export function useJoinWaitlist() {
  return useMutation({
    mutationKey: ['waitlist', 'join'],
    mutationFn: (body: JoinWaitlistData) => callApi(joinWaitlist, { body }),
  });
}
