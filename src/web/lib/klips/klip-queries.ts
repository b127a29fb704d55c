import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { listAllKlips } from '../../../contracts/admin-klips.ts';
import type { ContractQuery, ContractResponse } from '../../../contracts/contract.ts';
import type { listCollection, listMyKlips } from '../../../contracts/klips.ts';
import { callApi } from '../api-client.ts';
import { contractKey } from '../contract-query.ts';

/**
 * One of the klip lists (dashboard, collections, God Mode's gallery) as an infinite query: each filter set is its own
 * key and starts at page one, and 'Load More' fetches the page after the last one by its cursor.
 * While new filters load, the previous cards stay on screen. A list no screen shows is dropped at
 * once, so coming back to earlier filters starts at page one again instead of reloading every page
 * that was loaded before.
 */
export function useKlipPages<C extends typeof listMyKlips | typeof listCollection | typeof listAllKlips>(
  contract: C,
  query: ContractQuery<C>,
) {
  return useInfiniteQuery({
    queryKey: contractKey(contract, { query }),
    queryFn: async ({ pageParam, signal }) =>
      (await callApi(contract, {
        query: { ...(query as object), ...(pageParam ? { cursor: pageParam } : {}) } as ContractQuery<C>,
        signal,
      })) as ContractResponse<C>,
    initialPageParam: null as string | null,
    getNextPageParam: (last: ContractResponse<C>) => last.nextCursor,
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
}
