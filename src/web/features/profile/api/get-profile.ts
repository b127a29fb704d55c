import { useQuery } from '@tanstack/react-query';
import { getProfile } from '#contracts/profile.ts';
import { contractQuery } from '#web/lib/contract-query.ts';

export const profileQueryOptions = contractQuery(getProfile);

export function useProfile() {
  return useQuery(profileQueryOptions);
}
