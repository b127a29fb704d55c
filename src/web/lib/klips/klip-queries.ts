import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ContractQuery } from '../../../contracts/contract.ts';
import type { KlipPage, listCollection, listMyKlips } from '../../../contracts/klips.ts';
import { callApi } from '../api-client.ts';
import { contractKey } from '../contract-query.ts';

/**
 * One of the klip lists (dashboard, collections) as an infinite query: each filter set is its own
 * key and starts at page one, and 'Load More' fetches the page after the last one by its cursor.
 * While new filters load, the previous cards stay on screen. A list no screen shows is dropped at
 * once, so coming back to earlier filters starts at page one again instead of reloading every page
 * that was loaded before.
 */
export function useKlipPages<C extends typeof listMyKlips | typeof listCollection>(contract: C, query: ContractQuery<C>) {
  return useInfiniteQuery({
    queryKey: contractKey(contract, { query }),
    queryFn: async ({ pageParam, signal }) =>
      (await callApi(contract, {
        query: { ...(query as object), ...(pageParam ? { cursor: pageParam } : {}) } as ContractQuery<C>,
        signal,
      })) as KlipPage,
    initialPageParam: null as string | null,
    getNextPageParam: (last: KlipPage) => last.nextCursor,
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
}
