import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listImageInspirations } from '../../../../contracts/inspirations.ts';
import { contractQuery } from '../../../lib/contract-query.ts';

export interface InspirationFilters {
  category: string;
  subcategory: string;
  search: string;
}

/** GET /api/inspirations/images, keyed on the filters so a change reloads the gallery. */
export function inspirationsQueryOptions(filters: InspirationFilters) {
  const query = {
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.category && filters.subcategory ? { subcategory: filters.subcategory } : {}),
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
  };
  return contractQuery(
    listImageInspirations,
    { query },
    {
      select: (data) => data.inspirations,
      placeholderData: keepPreviousData,
    },
  );
}

export function useInspirations(filters: InspirationFilters) {
  return useQuery(inspirationsQueryOptions(filters));
}
