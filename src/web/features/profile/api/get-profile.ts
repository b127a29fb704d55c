import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProfile } from '../../../../contracts/profile.ts';
import { callApi } from '../../../lib/api-client.ts';

export const profileQueryOptions = queryOptions({
  queryKey: ['profile'],
  queryFn: ({ signal }) => callApi(getProfile, { signal }),
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}
