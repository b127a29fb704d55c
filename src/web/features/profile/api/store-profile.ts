import type { QueryClient } from '@tanstack/react-query';
import type { Profile } from '#contracts/profile.ts';
import { meQueryOptions } from '#web/lib/session/me.ts';
import { profileQueryOptions } from './get-profile.ts';

/** Puts a profile the server answered with into this page's query and the session (the header's name and avatar). */
export function storeProfile(queryClient: QueryClient, profile: Profile): void {
  queryClient.setQueryData(profileQueryOptions.queryKey, profile);
  queryClient.setQueryData(meQueryOptions.queryKey, (me) => (me ? { ...me, profile } : me));
}
