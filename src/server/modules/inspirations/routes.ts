import {
  listImageInspirationCategories,
  listImageInspirations,
  listVideoInspirationCategories,
  listVideoInspirations,
} from '#contracts/inspirations.ts';
import type { Router } from '../../http/router.ts';
import type { InspirationService } from './service.ts';

export function registerInspirationRoutes(router: Router, deps: { inspirations: InspirationService }): void {
  router.add(listImageInspirations, {
    handler: async ({ query }) => ({ inspirations: await deps.inspirations.images(filterOf(query)) }),
  });

  router.add(listVideoInspirations, {
    handler: async ({ query }) => ({ inspirations: await deps.inspirations.videos(filterOf(query)) }),
  });

  router.add(listVideoInspirationCategories, {
    handler: async () => ({ categories: await deps.inspirations.videoCategories() }),
  });

  router.add(listImageInspirationCategories, {
    handler: async () => ({ categories: await deps.inspirations.categories() }),
  });
}

function filterOf(query: { category?: string | undefined; subcategory?: string | undefined; search?: string | undefined }) {
  const { category, subcategory, search } = query;
  return { ...(category ? { category } : {}), ...(subcategory ? { subcategory } : {}), ...(search ? { search } : {}) };
}
