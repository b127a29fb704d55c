import { useQuery } from '@tanstack/react-query';
import { contractQuery } from '#web/lib/contract-query.ts';
import { useCursorPages } from '#web/lib/use-cursor-pages.ts';
import { getMyKlipStats, listMyKlips, listMyTags } from '#contracts/routes.ts';
import type { KlipTypeFilter } from '#contracts/klip-rules.ts';

export interface MyKlipFilters {
  /** Trimmed; '' for none. */
  search: string;
  type: KlipTypeFilter;
  tag: string | null;
}

/** GET /api/klips/mine page by page, leaving out the filters that are not set. */
export function useMyKlips(filters: MyKlipFilters) {
  return useCursorPages(listMyKlips, {
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.type !== 'all' ? { type: filters.type } : {}),
    ...(filters.tag ? { tag: filters.tag } : {}),
  });
}

const myTagsQueryOptions = contractQuery(listMyTags);
const myStatsQueryOptions = contractQuery(getMyKlipStats);

export function useMyTags() {
  return useQuery(myTagsQueryOptions);
}

export function useMyStats() {
  return useQuery(myStatsQueryOptions);
}
