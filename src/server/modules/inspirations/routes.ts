import { listImageInspirationCategories, listImageInspirations } from '../../../contracts/inspirations.ts';
import type { Router } from '../../http/router.ts';
import type { InspirationService } from './service.ts';

export function registerInspirationRoutes(router: Router, deps: { inspirations: InspirationService }): void {
  router.add(listImageInspirations, {
    handler: async ({ query }) => {
      const { category, subcategory, search } = query;
      return {
        inspirations: await deps.inspirations.images({
          ...(category ? { category } : {}),
          ...(subcategory ? { subcategory } : {}),
          ...(search ? { search } : {}),
        }),
      };
    },
  });

  router.add(listImageInspirationCategories, {
    handler: async () => ({ categories: await deps.inspirations.categories() }),
  });
}
