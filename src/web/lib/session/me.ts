import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSession, type Me } from '../../../contracts/profile.ts';
import { callApi } from '../api-client.ts';

export const meQueryKey = ['me'] as const;

/** The signed-in user (null when signed out). Every guard and the header read this one query. */
export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: async ({ signal }): Promise<Me | null> => (await callApi(getSession, { signal })).me,
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}
