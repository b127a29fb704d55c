import { keepPreviousData } from '@tanstack/react-query';
import { contractQuery } from '#web/lib/contract-query.ts';
import { inspirationQuery, type InspirationFilters } from '#web/lib/inspiration-filters.ts';
import { listVideoInspirations } from '#contracts/routes.ts';

/** GET /api/inspirations/videos, keyed on the filters so a change reloads the gallery. */
export function videoInspirationsQueryOptions(filters: InspirationFilters) {
  return contractQuery(
    listVideoInspirations,
    { query: inspirationQuery(filters) },
    {
      select: (data) => data.inspirations,
      placeholderData: keepPreviousData,
    },
  );
}
