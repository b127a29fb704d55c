import { useQuery } from '@tanstack/react-query';
import { contractQuery } from '#web/lib/contract-query.ts';
import { useCursorPages } from '#web/lib/use-cursor-pages.ts';
import type { CollectionFilters } from '../lib/collection-filters.ts';
import { listCollection, listPopularTags } from '#contracts/routes.ts';

/** The query string of GET /api/collections for the filters, leaving out those at their defaults. */
export function collectionQuery(filters: CollectionFilters) {
  return {
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.type !== 'all' ? { type: filters.type } : {}),
    ...(filters.sort !== 'latest' ? { sort: filters.sort } : {}),
    ...(filters.tag ? { tag: filters.tag } : {}),
  };
}

/** GET /api/collections page by page. */
export function useCollection(filters: CollectionFilters) {
  return useCursorPages(listCollection, collectionQuery(filters));
}

export const popularTagsQueryOptions = contractQuery(listPopularTags, undefined, { staleTime: 60_000 });

export function usePopularTags() {
  return useQuery(popularTagsQueryOptions);
}
