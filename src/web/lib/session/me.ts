import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMe, type Me } from '../../../contracts/profile.ts';
import { ApiError, callApi } from '../api-client.ts';

export const meQueryKey = ['me'] as const;

/** The signed-in user (null when signed out). Every guard and the header read this one query. */
export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: async ({ signal }): Promise<Me | null> => {
    try {
      return await callApi(getMe, { signal });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}
