import { keepPreviousData } from '@tanstack/react-query';
import { contractQuery } from '../contract-query.ts';
import { inspirationQuery, type InspirationFilters } from '../inspiration-filters.ts';
import { listImageInspirations } from '#contracts/routes.ts';

/** GET /api/inspirations/images, keyed on the filters so a change reloads the gallery. */
export function inspirationsQueryOptions(filters: InspirationFilters) {
  return contractQuery(
    listImageInspirations,
    { query: inspirationQuery(filters) },
    {
      select: (data) => data.inspirations,
      placeholderData: keepPreviousData,
    },
  );
}
