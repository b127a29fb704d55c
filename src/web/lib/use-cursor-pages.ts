import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Contract, ContractQuery, ContractResponse } from '#contracts/contract.ts';
import { callApi } from './api-client.ts';
import { contractKey } from './contract-query.ts';

/** What a page of a keyset-paged list answers besides its rows. */
type CursorPage = { nextCursor: string | null };

/**
 * A keyset-paged list (klips, users, the waitlist) as an infinite query: each filter set is its own
 * key and starts at page one, and 'Load More' fetches the page after the last one by its cursor.
 * While new filters load, the previous rows stay on screen. A list no screen shows is dropped at
 * once, so coming back to earlier filters starts at page one again instead of reloading every page
 * that was loaded before.
 */
export function useCursorPages<C extends Contract>(contract: C, query: ContractQuery<C>) {
  return useInfiniteQuery({
    queryKey: contractKey(contract, { query }),
    queryFn: async ({ pageParam, signal }) =>
      (await callApi(contract, {
        query: { ...(query as object), ...(pageParam ? { cursor: pageParam } : {}) } as ContractQuery<C>,
        signal,
      })) as ContractResponse<C> & CursorPage,
    initialPageParam: null as string | null,
    getNextPageParam: (last: ContractResponse<C> & CursorPage) => last.nextCursor,
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
}
