import { useQuery } from '@tanstack/react-query';
import { contractQuery } from '#web/lib/contract-query.ts';
import { getProfile } from '#contracts/routes.ts';

export const profileQueryOptions = contractQuery(getProfile);

export function useProfile() {
  return useQuery(profileQueryOptions);
}
