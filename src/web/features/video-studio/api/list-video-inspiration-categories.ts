import { contractQuery } from '#web/lib/contract-query.ts';
import { listVideoInspirationCategories } from '#contracts/routes.ts';

/** GET /api/inspirations/videos/categories: categories with their subcategories. */
export const videoInspirationCategoriesQueryOptions = contractQuery(listVideoInspirationCategories, undefined, {
  select: (data) => data.categories,
});
