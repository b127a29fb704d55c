import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  approveWaitlistEntries,
  listWaitlist,
  type waitlistSorts,
  type waitlistStatusFilters,
} from '../../../../contracts/admin-waitlist.ts';
import { callApi } from '../../../lib/api-client.ts';
import { contractKey, invalidateContract } from '../../../lib/contract-query.ts';

export type WaitlistStatusFilter = (typeof waitlistStatusFilters)[number];
export type WaitlistSort = (typeof waitlistSorts)[number];

export interface WaitlistFilters {
  status: WaitlistStatusFilter;
  sort: WaitlistSort;
}

/**
 * GET /api/admin/waitlist page by page: each status and sort is its own list from page one, and
 * 'Load More' follows the cursor. While another filter loads, the previous entries stay on screen.
 */
export function useWaitlistEntries(filters: WaitlistFilters) {
  const query = { status: filters.status, sort: filters.sort };
  return useInfiniteQuery({
    queryKey: contractKey(listWaitlist, { query }),
    queryFn: ({ pageParam, signal }) => callApi(listWaitlist, { query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
}

/** Approves entries (each gets its invitation email once), then reloads every waitlist list: their statuses changed. */
export function useApproveWaitlistEntries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'waitlist', 'approve'],
    mutationFn: (ids: string[]) => callApi(approveWaitlistEntries, { body: { ids } }),
    onSuccess: () => invalidateContract(queryClient, listWaitlist),
  });
}
