import { useQuery } from '@tanstack/react-query';
import type { Me } from '#contracts/profile.ts';
import { contractQuery } from '../contract-query.ts';
import { getSession } from '#contracts/routes.ts';

/**
 * The signed-in user (null when signed out). Every guard and the header read this one query; it
 * keeps the session's `me` in the cache under the getSession contract's key.
 */
export const meQueryOptions = contractQuery(getSession, undefined, {
  unwrap: (session): Me | null => session.me,
  staleTime: 60_000,
});

/** The getSession contract's key, for writing the session into the cache or invalidating it. */
export const meQueryKey = meQueryOptions.queryKey;

export function useMe() {
  return useQuery(meQueryOptions);
}
