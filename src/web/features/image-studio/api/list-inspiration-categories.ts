import { queryOptions, useQuery } from '@tanstack/react-query';
import { listImageInspirationCategories } from '../../../../contracts/inspirations.ts';
import { callApi } from '../../../lib/api-client.ts';

/** GET /api/inspirations/images/categories: categories with their subcategories. */
export const inspirationCategoriesQueryOptions = queryOptions({
  queryKey: ['image-studio', 'inspiration-categories'],
  queryFn: ({ signal }) => callApi(listImageInspirationCategories, { signal }),
  select: (data) => data.categories,
});

export function useInspirationCategories() {
  return useQuery(inspirationCategoriesQueryOptions);
}
