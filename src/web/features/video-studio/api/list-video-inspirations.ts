import { keepPreviousData } from '@tanstack/react-query';
import { listVideoInspirations } from '#contracts/inspirations.ts';
import { contractQuery } from '#web/lib/contract-query.ts';
import { inspirationQuery, type InspirationFilters } from '#web/lib/inspiration-filters.ts';

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
