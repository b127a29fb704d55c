import { contractQuery } from '../contract-query.ts';
import { listImageInspirationCategories } from '#contracts/routes.ts';

/** GET /api/inspirations/images/categories: categories with their subcategories. */
export const inspirationCategoriesQueryOptions = contractQuery(listImageInspirationCategories, undefined, {
  select: (data) => data.categories,
});
