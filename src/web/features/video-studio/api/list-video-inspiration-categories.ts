import { listVideoInspirationCategories } from '#contracts/inspirations.ts';
import { contractQuery } from '#web/lib/contract-query.ts';

/** GET /api/inspirations/videos/categories: categories with their subcategories. */
export const videoInspirationCategoriesQueryOptions = contractQuery(listVideoInspirationCategories, undefined, {
  select: (data) => data.categories,
});
