import { useQuery } from '@tanstack/react-query';
import { listCollection, listPopularTags } from '#contracts/klips.ts';
import { contractQuery } from '#web/lib/contract-query.ts';
import { useCursorPages } from '#web/lib/use-cursor-pages.ts';
import type { CollectionFilters } from '../lib/collection-filters.ts';

/** GET /api/collections page by page, leaving out the filters at their defaults. */
export function useCollection(filters: CollectionFilters) {
  return useCursorPages(listCollection, {
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.type !== 'all' ? { type: filters.type } : {}),
    ...(filters.sort !== 'latest' ? { sort: filters.sort } : {}),
    ...(filters.tag ? { tag: filters.tag } : {}),
  });
}

const popularTagsQueryOptions = contractQuery(listPopularTags, undefined, { staleTime: 60_000 });

export function usePopularTags() {
  return useQuery(popularTagsQueryOptions);
}
