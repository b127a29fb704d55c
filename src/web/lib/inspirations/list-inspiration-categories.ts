import { listImageInspirationCategories } from '#contracts/inspirations.ts';
import { contractQuery } from '../contract-query.ts';

/** GET /api/inspirations/images/categories: categories with their subcategories. */
export const inspirationCategoriesQueryOptions = contractQuery(listImageInspirationCategories, undefined, {
  select: (data) => data.categories,
});
