import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { waitlistSorts, waitlistStatusFilters } from '#contracts/admin-waitlist.ts';
import { callApi } from '#web/lib/api-client.ts';
import { invalidateContract } from '#web/lib/contract-query.ts';
import { useCursorPages } from '#web/lib/use-cursor-pages.ts';
import { approveWaitlistEntries, listWaitlist } from '#contracts/routes.ts';

export type WaitlistStatusFilter = (typeof waitlistStatusFilters)[number];
export type WaitlistSort = (typeof waitlistSorts)[number];

export interface WaitlistFilters {
  status: WaitlistStatusFilter;
  sort: WaitlistSort;
}

/** GET /api/admin/waitlist page by page: each status and sort is its own list from page one. */
export function useWaitlistEntries(filters: WaitlistFilters) {
  return useCursorPages(listWaitlist, { status: filters.status, sort: filters.sort });
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
